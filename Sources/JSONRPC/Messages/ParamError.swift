/// A parameter a method cannot take: missing, of the wrong type, unknown, out of range. It
/// becomes the -32602 answer (`RPCError(_:)`); a method that reads something else than params
/// (a flow snapshot) maps it to its own error.
public struct ParamError: Error, Equatable, Sendable {
  /// The parameter's dotted path (`selection.start`); nil when the params as a whole are wrong.
  public let parameter: String?
  /// What is wrong, as a sentence fragment: "missing required parameter 'text'".
  public let problem: String

  public init(_ problem: String, parameter: String? = nil) {
    self.problem = problem
    self.parameter = parameter
  }

  @usableFromInline
  static func missing(_ parameter: String) -> ParamError {
    ParamError("missing required parameter '\(parameter)'", parameter: parameter)
  }
}

extension RPCError {
  /// -32602, naming the parameter in the message and in `data.parameter`.
  public init(_ error: ParamError) {
    self = .invalidParams(error.problem, parameter: error.parameter)
  }
}
