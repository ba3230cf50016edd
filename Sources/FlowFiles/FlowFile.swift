import JSONRPC
@_spi(Engine) import PetFlowCore

/// Loading one flow file: its JSON read strictly, its references checked, its paths proven, in
/// three passes, each run only when the ones before found nothing (so that one mistake is not
/// reported again as its consequences). Bytes in, a definition or problems out: no I/O here.
public enum FlowFile {
  /// What a file holds: a flow when it is sound (it may have warnings), its problems (in
  /// order) when not.
  public struct Loaded: Sendable {
    /// The flow, when the file is sound; nil when it has an error.
    public let definition: FlowDefinition?
    /// Errors and warnings, in order.
    public let problems: [FlowProblem]
    /// Where the flow's id is, for a problem with the file as a whole (an id another file has).
    var idPointer = JSONPointer.root
  }

  /// Reads and checks one flow file's bytes, named `file` in its problems. Reads no disk: an
  /// app passes the bytes of a file it ships or downloads.
  public static func load(_ contents: [UInt8], file: String) -> Loaded {
    guard contents.count <= FlowLimits.fileBytes else {
      return Loaded(definition: nil, problems: [tooLarge(file, size: contents.count)])
    }
    var reading = FileReading(file: file)
    // A UTF-8 byte-order mark, which some editors on Windows write, is no part of the JSON
    // (RFC 8259 lets a parser skip it, as the protocol stream does). Lines and columns count
    // from after it, as an editor that hides it shows them.
    let bytes =
      contents.starts(with: byteOrderMark)
      ? Array(contents.dropFirst(byteOrderMark.count)) : contents
    let root: JSONValue
    do throws(JSONParseError) {
      root = try JSONReader.parse(bytes, maxDepth: FlowLimits.depth)
    } catch {
      let place = Self.place(of: error.offset, in: bytes)
      if error.reason == .tooDeep {
        reading.report(
          .size, at: .root, "the JSON nests deeper than \(FlowLimits.depth) levels at \(place)")
      } else {
        reading.report(.json, at: .root, "not JSON: \(error.reason.rawValue) at \(place)")
      }
      return Loaded(definition: nil, problems: reading.problems)
    }
    var reader = FlowFileReader(file: file)
    let draft = reader.flow(root)
    guard reader.reading.problems.isEmpty else { return Loaded(reader.reading) }
    var references = FlowReferenceChecks(draft, reading: reader.reading)
    guard let definition = references.check() else { return Loaded(references.reading) }
    var paths = FlowPathReport(reading: references.reading, draft: draft, definition: definition)
    paths.check()
    guard paths.reading.problems.isEmpty else { return Loaded(paths.reading) }
    var advice = FlowAdvice(reading: paths.reading, draft: draft, definition: definition)
    advice.check()
    return Loaded(
      definition: definition, problems: advice.reading.warnings.sorted(by: FlowProblem.inOrder),
      idPointer: draft.idPointer)
  }

  /// The `size` problem of a file over `FlowLimits.fileBytes`, stating its size when it is
  /// known, else only that it is over (a file that grew while it was read, or one whose size
  /// `fstat` does not tell, such as those in /proc).
  package static func tooLarge(_ file: String, size: Int?) -> FlowProblem {
    let limit = FlowLimits.fileBytes
    return FlowProblem(
      file: file, pointer: .root, rule: .size,
      message: size.map { "the file has \($0) bytes; the limit is \(limit)" }
        ?? "the file has more than \(limit) bytes, the limit")
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Line and column (from 1, in bytes) of a byte offset.
  private static func place(of offset: Int, in bytes: [UInt8]) -> String {
    let before = bytes.prefix(max(0, offset))
    let line = before.count { $0 == 0x0A } + 1
    let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    return "line \(line), column \(column)"
  }
}

extension FlowFile.Loaded {
  fileprivate init(_ reading: FileReading) {
    self.init(
      definition: nil,
      problems: (reading.problems + reading.warnings).sorted(by: FlowProblem.inOrder))
  }
}
