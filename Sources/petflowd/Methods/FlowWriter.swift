import JSONRPC
import PetFlowKit

/// Flow definitions (`flow/list`) and snapshots, written straight into the answer.
///
/// A snapshot holds some forty values. Built as a `JSONValue` tree, written, then torn
/// down, it cost four fifths of a `flow/next` (callgrind: 83,000 of 103,000 instructions
/// per `flow/next` + `flow/back` pair). Members come in the order protocol.md lists them.
enum FlowWriter {
  // MARK: - Definitions

  /// `{id, version, steps}`.
  static func write(
    _ definition: FlowDefinition, locale: PetFlowKit.Locale, to answer: inout JSONWriter
  ) {
    answer.writeRaw(#"{"id":"#)
    answer.write(string: definition.id)
    answer.writeRaw(#","version":"#)
    answer.write(int: definition.version)
    answer.writeRaw(#","steps":["#)
    for index in definition.steps.indices {
      if index > 0 { answer.writeRaw(",") }
      writeStep(index, of: definition, locale: locale, to: &answer)
    }
    answer.writeRaw("]}")
  }

  /// `{id, index, kind, title, progress, fields}`: what a UI renders a step from.
  static func writeStep(
    _ index: Int, of definition: FlowDefinition, locale: PetFlowKit.Locale,
    to answer: inout JSONWriter
  ) {
    guard definition.steps.indices.contains(index) else {
      answer.writeRaw("null")
      return
    }
    let step = definition.steps[index]
    answer.writeRaw(#"{"id":"#)
    answer.write(string: step.id)
    answer.writeRaw(#","index":"#)
    answer.write(int: index)
    answer.writeRaw(#","kind":"#)
    answer.write(string: step.kind.rawValue)
    answer.writeRaw(#","title":"#)
    answer.write(string: step.title.text(in: locale))
    answer.writeRaw(#","progress":"#)
    writeProgress(definition.progress(ofStep: index), to: &answer)
    answer.writeRaw(#","fields":["#)
    for (position, field) in step.fields.enumerated() {
      if position > 0 { answer.writeRaw(",") }
      writeField(field, locale: locale, to: &answer)
    }
    answer.writeRaw("]}")
  }

  /// `{current, total, label}`, or null on a step without progress (a summary).
  private static func writeProgress(_ progress: StepProgress?, to answer: inout JSONWriter) {
    guard let progress else {
      answer.writeRaw("null")
      return
    }
    answer.writeRaw(#"{"current":"#)
    answer.write(int: progress.current)
    answer.writeRaw(#","total":"#)
    answer.write(int: progress.total)
    // `label` is `StepProgress.label`, "current/total", written digit by digit: the
    // interpolated string cost 950 instructions per snapshot. Both spellings are pinned to
    // the same labels by the tests (MissingPetFlowTests, FlowListTests).
    answer.writeRaw(#","label":""#)
    answer.write(int: progress.current)
    answer.writeRaw("/")
    answer.write(int: progress.total)
    answer.writeRaw(#""}"#)
  }

  /// `{id, kind, label, required, placeholder, keyboard, maxLength, options}`.
  private static func writeField(
    _ field: FieldDefinition, locale: PetFlowKit.Locale, to answer: inout JSONWriter
  ) {
    let info = field.kind.info
    answer.writeRaw(#"{"id":"#)
    answer.write(string: field.id)
    answer.writeRaw(#","kind":"#)
    answer.write(string: field.kind.rawValue)
    answer.writeRaw(#","label":"#)
    answer.write(string: field.label.text(in: locale))
    answer.writeRaw(field.options.required ? #","required":true"# : #","required":false"#)
    answer.writeRaw(#","placeholder":"#)
    answer.write(string: info.placeholder)
    answer.writeRaw(#","keyboard":"#)
    answer.write(string: info.keyboard)
    answer.writeRaw(#","maxLength":"#)
    if let maxLength = field.options.maxLength ?? info.maxLength {
      answer.write(int: maxLength)
    } else {
      answer.writeRaw("null")
    }
    answer.writeRaw(#","options":"#)
    answer.write(FieldJSON.json(info.options, locale: locale))
    answer.writeRaw("}")
  }

  // MARK: - Snapshots

  /// `{flowId, flow, version, status, rev, step, values, display, errors, canBack}`, and
  /// `payload` when the flow was just submitted. An ended flow has no step and no values.
  static func write(
    snapshot id: String, _ flow: FlowInstance, payload: [PayloadField]? = nil,
    locale: PetFlowKit.Locale, to answer: inout JSONWriter
  ) {
    let definition = flow.definition
    guard flow.status == .active else {
      let ending = FlowStore.Ending(
        flow: definition.id, version: definition.version, status: flow.status,
        revision: flow.revision)
      write(snapshot: id, ended: ending, payload: payload, to: &answer)
      return
    }
    writeHeader(id, definition.id, definition.version, flow.status, flow.revision, to: &answer)
    answer.writeRaw(#","step":"#)
    writeStep(flow.stepIndex, of: definition, locale: locale, to: &answer)
    // Each value is looked up once and written twice, canonical and as displayed.
    let stored = flow.storedValues
    answer.writeRaw(#","values":{"#)
    var first = true
    for (field, value) in stored {
      writeName(field.id, first: &first, to: &answer)
      FieldJSON.write(value, to: &answer)
    }
    answer.writeRaw(#"},"display":{"#)
    first = true
    for (field, value) in stored {
      writeName(field.id, first: &first, to: &answer)
      answer.write(string: field.kind.display(of: value))
    }
    answer.writeRaw(#"},"errors":{"#)
    first = true
    for field in flow.step.fields {
      guard let error = flow.errors[field.id] else { continue }
      writeName(field.id, first: &first, to: &answer)
      answer.write(FieldJSON.json(error, locale: locale))
    }
    answer.writeRaw(flow.canGoBack ? #"},"canBack":true"# : #"},"canBack":false"#)
    writePayload(payload, to: &answer)
    answer.writeRaw("}")
  }

  /// An ended flow: its status, and no step or values.
  static func write(
    snapshot id: String, ended: FlowStore.Ending, payload: [PayloadField]? = nil,
    to answer: inout JSONWriter
  ) {
    writeHeader(id, ended.flow, ended.version, ended.status, ended.revision, to: &answer)
    answer.writeRaw(#","step":null,"values":{},"display":{},"errors":{},"canBack":false"#)
    writePayload(payload, to: &answer)
    answer.writeRaw("}")
  }

  /// `{"flowId":…,"flow":…,"version":…,"status":…,"rev":…`, left open.
  private static func writeHeader(
    _ id: String, _ flow: String, _ version: Int, _ status: FlowStatus, _ revision: Int,
    to answer: inout JSONWriter
  ) {
    answer.writeRaw(#"{"flowId":"#)
    answer.write(string: id)
    answer.writeRaw(#","flow":"#)
    answer.write(string: flow)
    answer.writeRaw(#","version":"#)
    answer.write(int: version)
    answer.writeRaw(#","status":"#)
    answer.write(string: status.rawValue)
    answer.writeRaw(#","rev":"#)
    answer.write(int: revision)
  }

  private static func writePayload(_ payload: [PayloadField]?, to answer: inout JSONWriter) {
    guard let payload else { return }
    answer.writeRaw(#","payload":"#)
    answer.write(FlowJSON.payload(payload))
  }

  /// A member name inside an object, after a comma unless it is the first.
  private static func writeName(_ name: String, first: inout Bool, to answer: inout JSONWriter) {
    if !first { answer.writeRaw(",") }
    first = false
    answer.write(string: name)
    answer.writeRaw(":")
  }
}
