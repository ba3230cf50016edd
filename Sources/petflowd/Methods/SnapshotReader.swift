import JSONRPC
import PetFlowKit

/// Reads a `flow/export` snapshot back into a live flow, refusing anything the flow could
/// not have produced: an unknown flow or version, unknown fields, values that are not
/// canonical for their field, or a step whose earlier steps do not validate.
enum SnapshotReader {
  /// `limitText` refuses a text value longer than `--max-text-bytes`, as for any flow value.
  static func read(
    _ snapshot: Params, context: FieldContext,
    limitText: (String, String) throws(RPCError) -> String
  ) throws(RPCError) -> FlowInstance {
    do throws(RPCError) {
      return try readMembers(snapshot, context: context, limitText: limitText)
    } catch  where error.code == RPCError.invalidParamsCode {
      // A member missing or of the wrong shape is a malformed snapshot, not a bad parameter.
      let prefix = "Invalid params: "
      let reason =
        error.message.hasPrefix(prefix)
        ? String(error.message.dropFirst(prefix.count)) : error.message
      throw refusal(
        reason, field: nil, parameter: error.data?.objectValue?["parameter"]?.stringValue)
    }
  }

  private static func readMembers(
    _ snapshot: Params, context: FieldContext,
    limitText: (String, String) throws(RPCError) -> String
  ) throws(RPCError) -> FlowInstance {
    let format = try snapshot.offset("snapshotFormat")
    guard format == FlowJSON.snapshotFormat else {
      throw refusal(
        "snapshotFormat must be \(FlowJSON.snapshotFormat), not \(format.map(String.init) ?? "missing")",
        field: nil)
    }
    let name = try snapshot.string("flow")
    let definition = try FlowMethods.definition(named: name, parameter: "snapshot.flow")
    let version = try snapshot.requiredOffset("version")
    guard version == definition.version else {
      // Written back in the error's data, so a version above 2^53 - 1 is not.
      guard version <= Params.maxExactInteger else {
        throw refusal("'version' is above 2^53 - 1", field: nil, parameter: "snapshot.version")
      }
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "flow '\(name)' version \(version) is not known; this petflowd runs version \(definition.version)",
        data: ["flow": .string(name), "version": .int(version)])
    }
    let stepId = try snapshot.string("step")
    let revision = try snapshot.requiredOffset("rev")
    // A revision is carried on and written back: it must be one every client reads exactly.
    guard revision <= FlowInstance.maxRevision else {
      throw refusal(
        "'rev' is above 2^53 - 1, the largest revision a flow has", field: nil,
        parameter: "snapshot.rev")
    }
    let inputs = try fieldInputs(snapshot, "values", limitText: limitText)
    let rejected = try fieldInputs(snapshot, "rejected", limitText: limitText)
    var shown: [String] = []
    if let errors = try snapshot.value("errors"), errors != .null {
      guard case .array(let items) = errors, items.allSatisfy({ $0.stringValue != nil }) else {
        throw snapshot.wrongType("errors", expected: "an array of field ids", got: errors)
      }
      shown = items.compactMap(\.stringValue)
    }
    do throws(FlowInstance.RestoreFault) {
      return try FlowInstance(
        restoring: definition, stepId: stepId, values: inputs, rejected: rejected,
        shownErrors: shown,
        revision: revision, context: context)
    } catch {
      switch error {
      case .unknownStep(let step):
        throw refusal("flow '\(name)' has no step '\(step)'", field: nil)
      case .unknownField(let field):
        throw refusal("flow '\(name)' has no field '\(field)'", field: field)
      case .invalidValue(let field):
        throw refusal(
          "the value of '\(field)' is not a valid stored value for its field", field: field)
      case .unreachableStep(let step, let failing):
        throw refusal(
          "step '\(step)' cannot be reached: step '\(failing)' does not validate", field: nil)
      }
    }
  }

  /// The members of the object `name` (`values`, `rejected`) as field inputs.
  private static func fieldInputs(
    _ snapshot: Params, _ name: StaticString, limitText: (String, String) throws(RPCError) -> String
  ) throws(RPCError) -> [(field: String, input: FieldInput)] {
    guard let object = try snapshot.object(name) else { return [] }
    var inputs: [(field: String, input: FieldInput)] = []
    for field in try object.names() {
      let parameter = object.qualified(field)
      var input = try FieldJSON.input(try object.value(field) ?? .null, parameter: parameter)
      if case .text(let text) = input { input = .text(try limitText(text, parameter)) }
      inputs.append((field, input))
    }
    return inputs
  }

  private static func refusal(_ reason: String, field: String?, parameter: String? = nil)
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
