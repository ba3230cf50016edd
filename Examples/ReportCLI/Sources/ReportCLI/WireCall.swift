import PetFlowKit

/// One message through `PetFlowServer`, the wire in process, as the documentation's article
/// "Using the wire in process" sends it: petflowd's answer, byte for byte, without a process.
enum WireCall {
  static func run() {
    print("== the wire in process")
    let server = PetFlowServer()
    let request =
      #"{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"chipNumber","text":"123456"}}"#
    let reply: [UInt8]? = server.handle(Array(request.utf8))
    print(reply.map { String(decoding: $0, as: UTF8.self) } ?? "no reply")
  }
}
