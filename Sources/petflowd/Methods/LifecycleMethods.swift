import JSONRPC

/// `initialize` and `shutdown`: negotiating offsets and locale, and ending politely.
enum LifecycleMethods {
  static let encodings = ["utf-16", "utf-8", "utf-32"]
  static let locales = ["en", "pl"]

  /// Negotiates `positionEncoding` and `locale`. Unknown members are ignored, so a stock LSP
  /// client's `initialize` works; it may be sent again to change the settings.
  static func initialize(_ server: inout PetFlowServer, _ params: Params) throws(RPCError)
    -> JSONValue
  {
    if let encoding = try params.optionalString("positionEncoding") {
      guard encodings.contains(encoding) else {
        throw .invalidParams(
          "'positionEncoding' must be one of utf-16, utf-8, utf-32, not '\(encoding)'",
          parameter: "positionEncoding")
      }
      server.settings.positionEncoding = encoding
    } else if let offered = try lspPositionEncodings(params) {
      // LSP: the client lists what it supports, most preferred first; without a match the
      // server falls back to UTF-16, which every client must support.
      server.settings.positionEncoding = offered.first(where: encodings.contains) ?? "utf-16"
    }
    if let locale = try params.optionalString("locale") {
      // BCP 47 tags name their language first: "pl-PL" is Polish. Others fall back to English.
      let language =
        locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first
        .map { $0.lowercased() } ?? ""
      server.settings.locale = locales.contains(language) ? language : "en"
    }
    return .object(
      JSONObject([
        ("serverInfo", ["name": "petflowd", "version": .string(HelpText.version)]),
        ("positionEncoding", .string(server.settings.positionEncoding)),
        ("locale", .string(server.settings.locale)),
        ("methods", .array(MethodTable.names.map { .string($0) })),
        ("capabilities", ["positionEncoding": .string(server.settings.positionEncoding)]),
      ]))
  }

  /// `capabilities.general.positionEncodings`, as an LSP client sends it.
  private static func lspPositionEncodings(_ params: Params) throws(RPCError) -> [String]? {
    guard let general = try params.object("capabilities")?.object("general"),
      let offered = try general.value("positionEncodings")
    else { return nil }
    guard case .array(let items) = offered else {
      throw general.wrongType("positionEncodings", expected: "an array of strings", got: offered)
    }
    return items.compactMap(\.stringValue)
  }

  static func shutdown(_ server: inout PetFlowServer, _ params: Params) throws(RPCError)
    -> JSONValue
  {
    server.shutDown()
    return .null
  }
}
