// What a framing fault is answered: the transport's, and `PetFlowServer.handle`'s for a body
// past the size limit.

extension FramingError {
  /// The error answer a framing fault gets (with id null: no id could be read).
  public var rpcError: RPCError {
    switch self {
    case .invalidHeader(let detail):
      return RPCError(
        code: ServerErrorCode.invalidHeader, message: "Invalid header: \(detail)")
    case .unsupportedCharset(let charset):
      return RPCError(
        code: ServerErrorCode.invalidHeader,
        message: "Unsupported charset \(charset): messages must be UTF-8",
        data: ["charset": .string(charset)])
    case .headerTooLarge(let limit):
      return RPCError(
        code: ServerErrorCode.invalidHeader,
        message: "Header block longer than \(limit) bytes", data: ["limit": .int(limit)])
    case .messageTooLarge(let length, let limit):
      return RPCError(
        code: ServerErrorCode.messageTooLarge,
        message: "Message larger than the limit of \(limit) bytes; skipped",
        data: length.map { ["limit": .int(limit), "length": .int($0)] } ?? ["limit": .int(limit)])
    }
  }
}
