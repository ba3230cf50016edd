import JSONRPC

/// `initialize`'s params: `{positionEncoding?, capabilities?.general?.positionEncodings?,
/// locale?, today?}`. Members it does not know are ignored, so a stock LSP client's
/// `initialize` works.
struct InitializeParams {
  var positionEncoding: String?
  /// LSP's `capabilities.general.positionEncodings`: what the client supports, preferred first.
  var offeredEncodings: [String]?
  var locale: String?
  var today: String?

  init(_ params: Params) throws(ParamError) {
    try params.forEachMember { name, value throws(ParamError) in
      switch name {
      case "positionEncoding": positionEncoding = try value.optionalString()
      case "capabilities": offeredEncodings = try Self.offeredEncodings(value)
      case "locale": locale = try value.optionalString()
      case "today": today = try value.optionalString()
      default: break
      }
    }
  }

  /// `capabilities.general.positionEncodings`; strings only, other elements are skipped.
  private static func offeredEncodings(_ capabilities: ParamValue) throws(ParamError) -> [String]? {
    var offered: [String]?
    try capabilities.object()?.forEachMember { name, general throws(ParamError) in
      guard case "general" = name else { return }
      try general.object()?.forEachMember { name, encodings throws(ParamError) in
        guard case "positionEncodings" = name, !encodings.isNull else { return }
        var names: [String] = []
        try encodings.forEachElement(expected: "an array of strings") {
          element throws(ParamError) in
          if element.kind == .string { names.append(try element.string()) }
        }
        offered = names
      }
    }
    return offered
  }
}
