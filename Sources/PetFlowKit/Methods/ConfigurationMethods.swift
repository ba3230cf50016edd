import JSONRPC
@_spi(Engine) import PetFlowCore

/// `workspace/didChangeConfiguration`, LSP's notification of changed settings: its
/// `settings.locale` acts as `initialize`'s `locale` does, so a UI changes language without
/// starting over. It answers nothing (a notification), and so it refuses nothing either.
enum ConfigurationMethods {
  static func didChange(
    _ server: inout SessionHandler, _ request: ConfigurationParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    if let tag = request.locale { server.settings.language = Language.ofLocale(tag) }
  }
}

/// `workspace/didChangeConfiguration`'s params: `{settings: {locale?}}`; members it does not
/// know are ignored, since an LSP client sends whatever its settings hold.
struct ConfigurationParams {
  var locale: String?

  init(_ params: Params) throws(ParamError) {
    try params.forEachMember { name, value throws(ParamError) in
      guard case "settings" = name else { return }
      try value.object()?.forEachMember { name, setting throws(ParamError) in
        guard case "locale" = name else { return }
        locale = try setting.optionalString()
      }
    }
  }
}

extension Language {
  /// The language of a BCP 47 locale tag as `initialize` and `workspace/didChangeConfiguration`
  /// take it: its primary subtag (`de-AT` is `de`), any language, since a flow file may bring
  /// its texts; English for a tag that names none.
  static func ofLocale(_ tag: String) -> Language { Language(tag) ?? .en }
}
