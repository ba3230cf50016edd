import JSONRPC
import PetFlowKit

/// Reads a `flow/export` snapshot back into a live flow, refusing anything the flow could
/// not have produced: an unknown flow or version, unknown fields, values that are not
/// canonical for their field, or a step whose earlier steps do not validate.
enum SnapshotReader {
  /// The `snapshotFormat` export writes and import reads.
  static let format = 1

  /// A snapshot's members, as read. Members it does not know are ignored (`flowId`, which
  /// export writes and a new instance replaces; anything a UI keeps beside them).
  private struct Members {
    var format: Int?
    var flow: String?
    var version: Int?
    var step: String?
    var rev: Int?
    var values: FlowParams.FieldInputs = []
    var rejected: FlowParams.FieldInputs = []
    var shownErrors: [String] = []

    init(_ snapshot: Params) throws(ParamError) {
      try snapshot.forEachMember { name, value throws(ParamError) in
        switch name {
        case "snapshotFormat": format = try value.offset()
        case "flow": flow = try value.string()
        case "version": version = try value.offset()
        case "step": step = try value.string()
        case "rev": rev = try value.offset()
        case "values": values = try value.object().map(FlowParams.fieldInputs) ?? []
        case "rejected": rejected = try value.object().map(FlowParams.fieldInputs) ?? []
        case "errors": shownErrors = try FlowParams.fieldIds(value) ?? []
        default: break
        }
      }
    }
  }

  /// `checkLengths` refuses a text value longer than `--max-text-bytes`, as for any flow value.
  static func read(
    _ snapshot: Params, context: FieldContext,
    checkLengths: (FlowParams.FieldInputs, String) throws(RPCError) -> Void
  ) throws(RPCError) -> FlowInstance {
    let members: Members
    do throws(ParamError) {
      members = try Members(snapshot)
    } catch {
      throw malformed(error)
    }
    guard members.format == format else {
      throw refusal(
        "snapshotFormat must be \(format), not \(members.format.map(String.init) ?? "missing")")
    }
    guard let name = members.flow else { throw malformed(snapshot.missing("flow")) }
    let definition = try FlowMethods.definition(named: name)
    guard let version = members.version else { throw malformed(snapshot.missing("version")) }
    guard version == definition.version else {
      // Written back in the error's data, so a version above 2^53 - 1 is not.
      guard version <= ParamValue.maxExactInteger else {
        throw refusal("'version' is above 2^53 - 1", parameter: "snapshot.version")
      }
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "flow '\(name)' version \(version) is not known; this petflowd runs version \(definition.version)",
        data: ["flow": .string(name), "version": .int(version)])
    }
    guard let step = members.step else { throw malformed(snapshot.missing("step")) }
    guard let revision = members.rev else { throw malformed(snapshot.missing("rev")) }
    // A revision is carried on and written back: it must be one every client reads exactly.
    guard revision <= FlowInstance.maxRevision else {
      throw refusal(
        "'rev' is above 2^53 - 1, the largest revision a flow has", parameter: "snapshot.rev")
    }
    try checkLengths(members.values, "snapshot.values.")
    try checkLengths(members.rejected, "snapshot.rejected.")
    do throws(FlowInstance.RestoreFault) {
      return try FlowInstance(
        restoring: definition, stepId: step, values: members.values, rejected: members.rejected,
        shownErrors: members.shownErrors, revision: revision, context: context)
    } catch {
      switch error {
      case .unknownStep(let step):
        throw refusal("flow '\(name)' has no step '\(step)'")
      case .unknownField(let field):
        throw refusal("flow '\(name)' has no field '\(field)'", field: field)
      case .invalidValue(let field):
        throw refusal(
          "the value of '\(field)' is not a valid stored value for its field", field: field)
      case .unreachableStep(let step, let failing):
        throw refusal(
          "step '\(step)' cannot be reached: step '\(failing)' does not validate")
      }
    }
  }

  /// A member missing or of the wrong shape: a malformed snapshot, not a bad parameter.
  private static func malformed(_ error: ParamError) -> RPCError {
    refusal(error.problem, parameter: error.parameter)
  }

  private static func refusal(_ reason: String, field: String? = nil, parameter: String? = nil)
    -> RPCError
  {
    var data = JSONObject([("reason", .string(reason))])
    if let field { data.append("field", .string(field)) }
    if let parameter { data.append("parameter", .string(parameter)) }
    return RPCError(
      code: PetFlowErrorCode.invalidSnapshot, message: "Invalid snapshot: \(reason)",
      data: .object(data))
  }
}
