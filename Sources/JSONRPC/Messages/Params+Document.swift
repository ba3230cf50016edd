// A JSON object read on its own as params: a snapshot handed to the typed API as bytes is read
// by the same reader `flow/import` reads its `snapshot` member with.

extension Params {
  /// Parses `bytes` and lends `body` the params of its root object; a parse error or a root
  /// that is no object is `invalid`'s error.
  package static func reading<Result>(
    _ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth,
    invalid: (String) -> RPCError, _ body: (Params) throws(RPCError) -> Result
  ) throws(RPCError) -> Result {
    var tape = JSONTape()
    let outcome: Swift.Result<Result, RPCError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(JSONParseError) {
        try tape.parse(buffer, maxDepth: maxDepth)
      } catch {
        return .failure(invalid("not JSON: \(error.reason.rawValue) at byte \(error.offset)"))
      }
      let document = tape.document(over: buffer)
      guard document.kind(at: JSONDocument.root) == .object else {
        return .failure(invalid("not a JSON object"))
      }
      do throws(RPCError) {
        return .success(try body(Params(document: document, token: JSONDocument.root)))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
