// libFuzzer target: arbitrary bytes through framing, JSON, dispatch and every method, in process.
import JSONRPC
@_spi(Engine) import PetFlowKit

/// The first byte picks the framing and how the rest is cut into chunks, so the fuzzer
/// explores chunk boundaries too; the rest is the stream. Every answer must be valid JSON,
/// and nothing may trap: a trap is the finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDaemon(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  guard let control = input.first else { return 0 }
  let modes: [FramingMode] = [.auto, .lsp, .ndjson]
  let mode = modes[Int(control % 3)]
  let chunkSize = Int(control / 3) % 64 + 1
  let stream = UnsafeBufferPointer(rebasing: input.dropFirst())

  var framer = Framer(mode: mode, maxMessageBytes: 64 * 1024)
  var limits = PetFlowServer.Limits()
  limits.maxMessageBytes = 64 * 1024
  limits.maxDepth = 64
  limits.maxBatch = 32
  limits.maxFlows = 8
  limits.maxTextBytes = 16 * 1024
  let server = PetFlowServer(
    limits: limits, log: .off, catalog: FlowCatalog(), clock: .none, flowIdPrefix: "f-")

  func answer(_ event: Framer.Event) {
    switch event {
    case .message(let bytes):
      // Through `handle`, as an app calls it; the transport's framing is the framer's above.
      guard let answer = server.handle(Array(bytes)) else { return }
      // Property: whatever came in, what goes out is one valid JSON value: an answer, or a
      // batch's array of them.
      do throws(JSONParseError) {
        switch try JSONReader.parse(answer, maxDepth: 256) {
        case .object, .array: break
        case .null, .bool, .number, .string:
          fatalError("answer is neither an object nor an array: \(answer.count) bytes")
        }
      } catch {
        fatalError(
          "answer is not valid JSON (\(error)): \(String(decoding: answer, as: UTF8.self))")
      }
    case .error:
      break
    }
  }

  var offset = 0
  while offset < stream.count, server.exitStatus == nil {
    let end = min(stream.count, offset + chunkSize)
    framer.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: stream[offset..<end])))
    while server.exitStatus == nil, let event = framer.next() { answer(event) }
    offset = end
  }
  if server.exitStatus == nil, let event = framer.finish() { answer(event) }
  return 0
}
