// The WebAssembly module's exports (clients/web/petflow.wasm): one PetFlowServer session driven
// through linear memory, as protocol.md's "The WebAssembly module" describes. Built only by
// scripts/build-wasm (Embedded Swift), never by SwiftPM.
import FlowFiles
import JSONRPC
import PetFlowCore
import PetFlowKit

/// The module's one session and its buffers. Module globals: the host calls in on one thread.
enum PetFlowModule {
  /// The host's input buffer (`petflow_buffer`), grown on demand and reused.
  nonisolated(unsafe) static var input = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  /// The last reply (`petflow_reply`), kept until the next call.
  nonisolated(unsafe) static var reply = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  /// The flow files added before `petflow_start`.
  nonisolated(unsafe) static var flowFiles: [[UInt8]] = []
  nonisolated(unsafe) static var server: PetFlowServer?
  /// Set once `petflow_start` has run, sound or not: later flow files are ignored.
  nonisolated(unsafe) static var started = false

  /// The session as petflowd makes it: its default limits and log level, the host's date, a
  /// flow-id prefix from the host's random bytes.
  static func start() -> Int32 {
    started = true
    let loaded = PetFlowServer.load(flowFiles: flowFiles)
    flowFiles = []
    let problems = loaded.problems.map { $0.line + "\n" }.joined()
    guard !loaded.hasErrors else { return setReply(Array(problems.utf8)) }
    // Warnings alone do not stop it: petflowd writes them to stderr, here the log.
    for problem in loaded.problems { HostServices.log(problem.line) }
    server = PetFlowServer(
      limits: PetFlowServer.Limits(),
      log: Log(level: .warning) { line in HostServices.log(line) },
      catalog: FlowCatalog(files: loaded.definitions),
      clock: SessionClock(now: nil) { _ in HostServices.today() },
      flowIdPrefix: FlowStore.randomPrefix(HostServices.randomWord()))
    return 0
  }

  /// Copies `bytes` into the reply buffer; its length, or -1 when memory cannot hold it.
  static func setReply(_ bytes: [UInt8]) -> Int32 {
    guard ensure(&reply, holds: bytes.count) else { return -1 }
    bytes.withUnsafeBytes { source in reply.copyMemory(from: source) }
    return Int32(truncatingIfNeeded: bytes.count)
  }

  /// Grows `buffer` to at least `count` bytes (its contents are not kept); false when memory
  /// cannot grow that far.
  static func ensure(_ buffer: inout UnsafeMutableRawBufferPointer, holds count: Int) -> Bool {
    guard count > buffer.count else { return true }
    // At least double, so that a growing run of messages reallocates rarely.
    let size = max(count, buffer.count * 2, 4096)
    guard let grown = RuntimeMemory.allocate(size) else { return false }
    RuntimeMemory.free(buffer.baseAddress)
    buffer = UnsafeMutableRawBufferPointer(start: grown, count: size)
    return true
  }

  /// The first `length` bytes of the input buffer, as an array; nil when `length` is not
  /// within the buffer.
  static func inputBytes(_ length: Int32) -> [UInt8]? {
    guard length >= 0, Int(length) <= input.count else { return nil }
    guard length > 0, let base = input.baseAddress else { return [] }
    // One memcpy: Array's init from a buffer copies element by element in Embedded Swift.
    return [UInt8](unsafeUninitializedCapacity: Int(length)) { target, count in
      UnsafeMutableRawBufferPointer(target).copyMemory(
        from: UnsafeRawBufferPointer(start: base, count: Int(length)))
      count = Int(length)
    }
  }
}

@_expose(wasm, "petflow_buffer")
@_cdecl("petflow_buffer")
func petflowBuffer(_ size: Int32) -> Int32 {
  guard size >= 0, PetFlowModule.ensure(&PetFlowModule.input, holds: max(Int(size), 1)),
    let base = PetFlowModule.input.baseAddress
  else { return 0 }
  return Int32(truncatingIfNeeded: Int(bitPattern: base))
}

@_expose(wasm, "petflow_add_flow_file")
@_cdecl("petflow_add_flow_file")
func petflowAddFlowFile(_ length: Int32) -> Int32 {
  guard !PetFlowModule.started, let bytes = PetFlowModule.inputBytes(length) else { return 0 }
  PetFlowModule.flowFiles.append(bytes)
  return 0
}

@_expose(wasm, "petflow_start")
@_cdecl("petflow_start")
func petflowStart() -> Int32 {
  guard !PetFlowModule.started else { return 0 }
  return PetFlowModule.start()
}

@_expose(wasm, "petflow_handle")
@_cdecl("petflow_handle")
func petflowHandle(_ length: Int32) -> Int32 {
  guard let server = PetFlowModule.server, let body = PetFlowModule.inputBytes(length),
    let answer = server.handle(body)
  else { return -1 }
  return PetFlowModule.setReply(answer)
}

@_expose(wasm, "petflow_reply")
@_cdecl("petflow_reply")
func petflowReply() -> Int32 {
  guard let base = PetFlowModule.reply.baseAddress else { return 0 }
  return Int32(truncatingIfNeeded: Int(bitPattern: base))
}

@_expose(wasm, "petflow_exit_status")
@_cdecl("petflow_exit_status")
func petflowExitStatus() -> Int32 {
  PetFlowModule.server?.exitStatus ?? -1
}
