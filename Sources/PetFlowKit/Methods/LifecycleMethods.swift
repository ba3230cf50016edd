import JSONRPC
@_spi(Engine) import PetFlowCore

/// `initialize` and `shutdown`: negotiating offsets, language and today, and ending politely.
enum LifecycleMethods {
  /// Negotiates `positionEncoding`, `locale` and `today`. Unknown members are ignored, so a
  /// stock LSP client's `initialize` works; it may be sent again to change the settings.
  static func initialize(
    _ server: inout SessionHandler, _ request: InitializeParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    var settings = server.settings
    if let name = request.positionEncoding {
      guard let encoding = PositionEncoding(rawValue: name) else {
        throw .invalidParams(
          "'positionEncoding' must be one of utf-16, utf-8, utf-32, not '\(name)'",
          parameter: "positionEncoding")
      }
      settings.encoding = encoding
    } else if let offered = request.offeredEncodings {
      // LSP: the client lists what it supports, most preferred first; without a match the
      // server falls back to UTF-16, which every client must support.
      settings.encoding = offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }
    if let tag = request.locale { settings.language = Language.ofLocale(tag) }
    if let today = request.today {
      guard let date = CalendarDate(iso: today) else {
        throw .invalidParams(
          "'today' must be a real date as YYYY-MM-DD, not '\(today)'", parameter: "today")
      }
      settings.fixedToday = date
    }
    server.settings = settings
    answer.beginObject()
    answer.key("serverInfo")
    answer.beginObject()
    answer.member("name", "petflowd")
    answer.member("version", PetFlowServer.version)
    answer.endObject()
    answer.member("positionEncoding", settings.encoding.rawValue)
    answer.member("locale", settings.language.code)
    if let today = settings.fixedToday {
      answer.member("today", today.description)
    }
    answer.key("methods")
    answer.beginArray()
    for method in SessionHandler.Method.listed { answer.string(method) }
    answer.endArray()
    answer.key("capabilities")
    answer.beginObject()
    answer.member("positionEncoding", settings.encoding.rawValue)
    answer.endObject()
    answer.endObject()
  }

  static func shutdown(
    _ server: inout SessionHandler, _ _: NoParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    server.isShutDown = true
    answer.null()
  }
}

/// `initialize`'s params: `{positionEncoding?, capabilities?.general?.positionEncodings?,
/// locale?, today?}`; members it does not know are ignored.
struct InitializeParams {
  var positionEncoding: String?
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
