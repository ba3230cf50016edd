import JSONRPC

/// A framer event with the message as text, so expectations read as the stream does.
enum Frame: Equatable, CustomStringConvertible {
  case message(String)
  case error(FramingError)

  init(_ event: Framer.Event) {
    switch event {
    case .message(let bytes): self = .message(String(decoding: bytes, as: UTF8.self))
    case .error(let fault): self = .error(fault)
    }
  }

  var description: String {
    switch self {
    case .message(let text): return "message(\(text.debugDescription))"
    case .error(let fault): return "error(\(fault))"
    }
  }
}

/// Feeds `chunks` to a framer one after another, taking every event after each, and at the
/// end `finish()` when asked (as the transport does at end of input).
func frames(
  _ chunks: [[UInt8]], mode: FramingMode = .auto, maxMessageBytes: Int = 1 << 20,
  finishing: Bool = false
) -> [Frame] {
  var framer = Framer(mode: mode, maxMessageBytes: maxMessageBytes)
  return frames(chunks, framer: &framer, finishing: finishing)
}

func frames(_ chunks: [[UInt8]], framer: inout Framer, finishing: Bool = false) -> [Frame] {
  var result: [Frame] = []
  for chunk in chunks {
    framer.append(chunk)
    while let event = framer.next() { result.append(Frame(event)) }
  }
  if finishing, let event = framer.finish() { result.append(Frame(event)) }
  return result
}

/// The stream fed whole, in one chunk.
func frames(
  _ stream: String, mode: FramingMode = .auto, maxMessageBytes: Int = 1 << 20,
  finishing: Bool = false
) -> [Frame] {
  frames([Array(stream.utf8)], mode: mode, maxMessageBytes: maxMessageBytes, finishing: finishing)
}

/// The stream fed one byte at a time.
func framesByteByByte(
  _ stream: String, mode: FramingMode = .auto, maxMessageBytes: Int = 1 << 20,
  finishing: Bool = false
) -> [Frame] {
  frames(
    stream.utf8.map { [$0] }, mode: mode, maxMessageBytes: maxMessageBytes, finishing: finishing)
}

/// One LSP message: header block and body.
func lsp(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

extension Framer {
  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }
}
