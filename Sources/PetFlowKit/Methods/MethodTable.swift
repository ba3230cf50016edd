import JSONRPC

extension SessionHandler {
  /// A method petflowd knows: its wire name and what a call to it does. The table below is the
  /// only place a name is written: routing (`named`) and `initialize`'s list are read from it.
  struct Method: Sendable {
    /// A request's call: its params read into their struct, then handled. A thin function
    /// (no context), so an entry is plain data that routing copies for free: as closures, the
    /// retains and copies of each entry cost about 250 instructions a request.
    typealias Call =
      @convention(thin) (inout SessionHandler, Params, inout JSONWriter) throws(RPCError) -> Void

    /// What a call does: answer through a handler, end the session, or nothing at all.
    enum Role {
      /// A request, answered by its call.
      case request(Call)
      /// The `exit` notification.
      case exit
      /// A notification accepted and ignored.
      case ignored
      /// A notification acted on by its call, whose answer is dropped.
      case notification(Call)
    }

    let name: StaticString
    let role: Role

    /// Every method, the keystrokes' first: routing tries them in this order. Each request's
    /// call reads its params into their struct (failing as -32602) and hands them to its
    /// handler.
    static let table: [Method] = [
      Method("field/edit") { server, params, answer throws(RPCError) in
        try FieldMethods.edit(&server, params.read(EditParams.init), &answer)
      },
      Method("field/format") { server, params, answer throws(RPCError) in
        try FieldMethods.format(&server, params.read(FormatParams.init), &answer)
      },
      Method("flow/next") { server, params, answer throws(RPCError) in
        try FlowMethods.next(&server, params.read(FlowParams.next), &answer)
      },
      Method("flow/back") { server, params, answer throws(RPCError) in
        try FlowMethods.back(&server, params.read(FlowParams.back), &answer)
      },
      Method("flow/update") { server, params, answer throws(RPCError) in
        try FlowMethods.update(&server, params.read(FlowParams.update), &answer)
      },
      Method("field/validate") { server, params, answer throws(RPCError) in
        try FieldMethods.validate(&server, params.read(FieldValidateParams.init), &answer)
      },
      Method("field/list") { server, params, answer throws(RPCError) in
        try FieldMethods.list(&server, params.read(NoParams.init), &answer)
      },
      Method("flow/validate") { server, params, answer throws(RPCError) in
        try FlowMethods.validate(&server, params.read(FlowParams.validate), &answer)
      },
      Method("flow/goto") { server, params, answer throws(RPCError) in
        try FlowMethods.goto(&server, params.read(FlowParams.goto), &answer)
      },
      Method("flow/state") { server, params, answer throws(RPCError) in
        try FlowMethods.state(&server, params.read(FlowParams.flowOnly), &answer)
      },
      Method("flow/start") { server, params, answer throws(RPCError) in
        try FlowMethods.start(&server, params.read(FlowStartParams.init), &answer)
      },
      Method("flow/cancel") { server, params, answer throws(RPCError) in
        try FlowMethods.cancel(&server, params.read(FlowParams.back), &answer)
      },
      Method("flow/export") { server, params, answer throws(RPCError) in
        try FlowMethods.export(&server, params.read(FlowParams.flowOnly), &answer)
      },
      Method("flow/import") { server, params, answer throws(RPCError) in
        try FlowMethods.import(&server, params.read(FlowImportParams.init), &answer)
      },
      Method("flow/list") { server, params, answer throws(RPCError) in
        try FlowMethods.list(&server, params.read(NoParams.init), &answer)
      },
      Method("initialize") { server, params, answer throws(RPCError) in
        try LifecycleMethods.initialize(&server, params.read(InitializeParams.init), &answer)
      },
      Method("shutdown") { server, params, answer throws(RPCError) in
        try LifecycleMethods.shutdown(&server, params.read(NoParams.init), &answer)
      },
      Method(name: "exit", role: .exit),
      Method(notification: "workspace/didChangeConfiguration") {
        server, params, answer throws(RPCError) in
        try ConfigurationMethods.didChange(&server, params.read(ConfigurationParams.init), &answer)
      },
      Method(name: "initialized", role: .ignored),
      Method(name: "$/cancelRequest", role: .ignored),
    ]

    /// A request: `call` reads its params and answers it.
    init(_ name: StaticString, _ call: Call) {
      self.init(name: name, role: .request(call))
    }

    /// A notification acted on: `call` reads its params; its answer is dropped.
    init(notification name: StaticString, _ call: Call) {
      self.init(name: name, role: .notification(call))
    }

    init(name: StaticString, role: Role) {
      self.name = name
      self.role = role
    }

    /// The requests `initialize` lists, sorted.
    static let listed = table.filter { $0.isRequest }.map { $0.name.description }.sorted()

    /// The method a request names, compared by its bytes (no `String` made).
    static func named(_ name: JSONName) -> Method? {
      for method in table where method.name ~= name { return method }
      return nil
    }

    var isRequest: Bool {
      guard case .request = role else { return false }
      return true
    }
  }
}

/// The params of a method that takes none: any member is refused.
struct NoParams {
  init(_ params: Params) throws(ParamError) {
    try params.none()
  }
}
