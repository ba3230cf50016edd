import JSONRPC

extension FlowSession {
  /// The payload as `flow/next` answers it on submitting, JSON bytes for the app's request to
  /// its backend: nested objects by path (`location.latitude`), an empty field as null, and a
  /// flow file's constants (`{"value": …}`) as the file writes them, which ``payload`` does not
  /// carry. Nil until the flow has submitted.
  public var payloadJSON: [UInt8]? {
    guard let payload else { return nil }
    var writer = JSONWriter()
    writer.payloadObject(payload, depth: 0)
    return writer.bytes
  }
}
