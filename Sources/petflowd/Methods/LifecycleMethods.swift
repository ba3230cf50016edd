import JSONRPC
import PetFlowKit

/// `initialize` and `shutdown`: negotiating offsets, language and today, and ending politely.
enum LifecycleMethods {
  /// Negotiates `positionEncoding`, `locale` and `today`. Unknown members are ignored, so a
  /// stock LSP client's `initialize` works; it may be sent again to change the settings.
  static func initialize(_ server: inout PetFlowServer, _ params: Params) throws(RPCError)
    -> JSONValue
  {
    let request = try params.read(InitializeParams.init)
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
    if let tag = request.locale {
      // BCP 47 tags name their language first: "pl-PL" is Polish. Others fall back to English.
      let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map {
        $0.lowercased()
      }
      settings.locale = language.flatMap(PetFlowKit.Locale.init(rawValue:)) ?? .en
    }
    if let today = request.today {
      guard let date = CalendarDate(iso: today) else {
        throw .invalidParams(
          "'today' must be a real date as YYYY-MM-DD, not '\(today)'", parameter: "today")
      }
      settings.fixedToday = date
    }
    server.settings = settings
    var result = JSONObject(minimumCapacity: 6)
    result.append("serverInfo", ["name": "petflowd", "version": .string(HelpText.version)])
    result.append("positionEncoding", .string(settings.encoding.rawValue))
    result.append("locale", .string(settings.locale.rawValue))
    if let today = settings.fixedToday { result.append("today", .string(today.description)) }
    result.append("methods", .array(Method.listed.map { .string($0) }))
    result.append("capabilities", ["positionEncoding": .string(settings.encoding.rawValue)])
    return .object(result)
  }

  static func shutdown(_ server: inout PetFlowServer, _ params: Params) throws(RPCError)
    -> JSONValue
  {
    try params.read(FlowParams.none)
    server.shutDown()
    return .null
  }
}
