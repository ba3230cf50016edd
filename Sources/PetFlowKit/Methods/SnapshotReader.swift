import JSONRPC
import PetFlowCore

/// Reads a `flow/export` snapshot back into a live flow, refusing anything the flow could
/// not have produced: an unknown flow or version, unknown fields, values that are not
/// canonical for their field, or a step whose earlier steps do not validate.
enum SnapshotReader {
  /// The `snapshotFormat` export writes and import reads.
  static let format: Int64 = 1

  /// A snapshot's members, as read. Members it does not know are ignored (`flowId`, which
  /// export writes and a new instance replaces; anything a UI keeps beside them).
  private struct Members {
    var format: Int64?
    var flow: String?
    var version: Int64?
    /// Absent from the snapshots of release 0.2, which import when their version matches.
    var digest: String?
    var step: String?
    var rev: Int64?
    var values: FlowParams.FieldInputs = []
    var dormant: FlowParams.FieldInputs = []
    var rejected: FlowParams.FieldInputs = []
    var shownErrors: [String] = []

    init(_ snapshot: Params) throws(ParamError) {
      try snapshot.forEachMember { name, value throws(ParamError) in
        switch name {
        case "snapshotFormat": format = try value.nonNegativeInteger()
        case "flow": flow = try value.string()
        case "version": version = try value.nonNegativeInteger()
        case "digest": digest = value.isNull ? nil : try value.string()
        case "step": step = try value.string()
        case "rev": rev = try value.nonNegativeInteger()
        case "values": values = try value.object().map(FlowParams.fieldInputs) ?? []
        case "dormant": dormant = try value.object().map(FlowParams.fieldInputs) ?? []
        case "rejected": rejected = try value.object().map(FlowParams.fieldInputs) ?? []
        case "errors": shownErrors = try FlowParams.fieldIds(value) ?? []
        default: break
        }
      }
    }
  }

  /// A live flow from a snapshot; for a snapshot of an older version, also what its upgrade
  /// left behind (`upgradeDropped`, by field, with the reason).
  struct Imported {
    var flow: FlowInstance
    var upgradeLosses: [(field: String, reason: String)]?
  }

  /// `checkLengths` refuses a text value longer than `--max-text-bytes`, as for any flow value.
  static func read(
    _ snapshot: Params, catalog: FlowCatalog, context: FieldContext,
    checkLengths: (FlowParams.FieldInputs, String) throws(RPCError) -> Void
  ) throws(RPCError) -> Imported {
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
    let definition = try FlowMethods.definition(named: name, in: catalog)
    guard let version = members.version else { throw malformed(snapshot.missing("version")) }
    // Written back in the error's data, so a version above 2^53 - 1 is not.
    guard version <= ParamValue.maxExactInteger else {
      throw refusal("'version' is above 2^53 - 1", parameter: "snapshot.version")
    }
    let upgrade = version == definition.version ? nil : try upgrade(to: definition, from: version)
    guard let step = members.step else { throw malformed(snapshot.missing("step")) }
    guard let revision = members.rev else { throw malformed(snapshot.missing("rev")) }
    // A revision is carried on and written back: it must be one every client reads exactly.
    guard revision <= FlowInstance.maxRevision else {
      throw refusal(
        "'rev' is above 2^53 - 1, the largest revision a flow has", parameter: "snapshot.rev")
    }
    try checkLengths(members.values, "snapshot.values.")
    try checkLengths(members.dormant, "snapshot.dormant.")
    try checkLengths(members.rejected, "snapshot.rejected.")
    if let upgrade {
      let upgraded = FlowInstance.upgrading(
        definition, with: upgrade, stepId: step, values: members.values + members.dormant,
        rejected: members.rejected, revision: revision, context: context)
      return Imported(
        flow: upgraded.flow,
        upgradeLosses: upgraded.losses.map {
          ($0.field, reason($0.loss, from: version, definition))
        })
    }
    if let digest = members.digest, digest != definition.digest {
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "flow '\(name)' version \(version) has another structure here than when the snapshot was made (digest \(definition.digest), not \(digest)): it changed without a new version",
        data: ["flow": .string(name), "version": .int(version), "digest": .string(digest)])
    }
    if let twice = members.dormant.first(where: { dormant in
      members.values.contains { $0.field == dormant.field }
    }) {
      throw refusal("'\(twice.field)' is both in values and in dormant", field: twice.field)
    }
    do throws(FlowInstance.RestoreFault) {
      let flow = try FlowInstance(
        restoring: definition, stepId: step, values: members.values + members.dormant,
        rejected: members.rejected, shownErrors: members.shownErrors, revision: revision,
        context: context)
      return Imported(flow: flow)
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
      case .stepOffPath(let step):
        throw refusal("step '\(step)' is not on the path the snapshot's values lead through")
      }
    }
  }

  /// The definition's upgrade from `version`, or the refusal naming both versions.
  private static func upgrade(to definition: FlowDefinition, from version: Int64) throws(RPCError)
    -> FlowUpgrade
  {
    let name = definition.id
    let data: JSONValue = ["flow": .string(name), "version": .int(version)]
    guard version < definition.version else {
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "flow '\(name)' version \(version) is not known; this petflowd runs version \(definition.version)",
        data: data)
    }
    guard let upgrade = definition.upgrades.first(where: { $0.from == version }) else {
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "flow '\(name)' version \(version) cannot be brought to version \(definition.version): its definition has no upgrade from version \(version)",
        data: data)
    }
    return upgrade
  }

  /// Why a value did not come across an upgrade, as `upgradeDropped` says it.
  private static func reason(
    _ loss: FlowInstance.UpgradeLoss, from version: Int64, _ definition: FlowDefinition
  ) -> String {
    let current = definition.version
    switch loss {
    case .dropped: return "the upgrade from version \(version) drops it"
    case .noSuchField(let id): return "version \(current) has no field '\(id)'"
    case .invalidValue: return "not a value its field takes in version \(current)"
    case .duplicate(let id): return "another value of the snapshot went to field '\(id)'"
    case .rejectedInput: return "a rejected input, which an upgrade does not carry"
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
