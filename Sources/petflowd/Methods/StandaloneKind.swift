import JSONRPC
import PetFlowKit

/// The kinds the field methods take: every kind but one whose values only a flow's field
/// declares (`choice`: outside a flow it has no options to judge by). `field/list` lists these.
struct StandaloneKind: CaseIterable, RawRepresentable {
  static let allCases = FieldKind.allCases.filter { !$0.isDeclaredByFlow }.map(Self.init(kind:))

  let kind: FieldKind

  init(kind: FieldKind) { self.kind = kind }

  init?(rawValue: String) {
    guard let kind = FieldKind(rawValue: rawValue), !kind.isDeclaredByFlow else { return nil }
    self.kind = kind
  }

  var rawValue: String { kind.rawValue }
}

extension ParamValue {
  /// A field method's `field`: a standalone kind, or the error that names the kinds there are
  /// (and, for `choice`, says where its values are judged instead).
  func fieldKind() throws(ParamError) -> FieldKind {
    do throws(ParamError) {
      return try choice(of: StandaloneKind.self, "field kind").kind
    } catch {
      guard let name = try? string(), let kind = FieldKind(rawValue: name) else { throw error }
      throw ParamError(
        "field kind '\(kind.rawValue)' takes its options from a flow's field; send its values with flow/update, flow/next or flow/validate",
        parameter: parameter)
    }
  }
}
