// The methods every petflow client offers, one per petflowd method, on top of the
// `request(method, params)` of the client at hand: PetFlowClient (a petflowd process of its
// own) and PetFlowEngine (petflow.wasm in this process) answer alike.

/** Typing or pasting `text` over the selection. */
export const insert = (text) => ({ type: 'insert', text });
/** Backspace. */
export const deleteBackward = () => ({ type: 'deleteBackward' });
/** Forward delete. */
export const deleteForward = () => ({ type: 'deleteForward' });
/** Replacing text.slice(start, end) (UTF-16 indices), as autocorrect does. */
export const replace = (start, end, text) => ({ type: 'replace', start, end, text });

/** `{start, end}` from a caret number, a `[start, end]` pair or a `{start, end}` object. */
function selectionOf(selection) {
  if (typeof selection === 'number') return { start: selection, end: selection };
  if (Array.isArray(selection)) return { start: selection[0], end: selection[1] };
  return { start: selection.start, end: selection.end };
}

/**
 * The typed methods, each a `request` of one petflowd method: subclasses give `request(method,
 * params)`, resolving to the result or rejecting with PetFlowError, and keep `serverInfo`.
 */
export class PetFlowMethods {
  // Fields

  /**
   * field/format: formats `text` as typed so far, keeping the caret after the same
   * significant characters. `caret` is a UTF-16 index, a `{start, end}` selection or a
   * `[start, end]` pair; omitted, the caret stays at the end.
   */
  format(field, text, caret, options) {
    const params = { field, text };
    if (typeof caret === 'number') params.caret = caret;
    else if (caret != null) params.selection = selectionOf(caret);
    if (options !== undefined) params.options = options;
    return this.request('field/format', params);
  }

  /**
   * field/edit: applies one edit (insert, deleteBackward, deleteForward, replace) to the pre-edit
   * state.
   */
  edit(field, text, selection, edit, options) {
    const params = { field, text, selection: selectionOf(selection), edit };
    if (options !== undefined) params.options = options;
    return this.request('field/edit', params);
  }

  /**
   * field/validate: a string is validated as text, `{value}` as a stored value, nothing as an empty
   * field.
   */
  validate(field, input, options) {
    const params = { field };
    const object = input !== null && typeof input === 'object' && !Array.isArray(input);
    if (object && 'value' in input) params.value = input.value;
    else if (object && 'text' in input) params.text = input.text;
    else if (input != null) params.text = input; // a string; anything else petflowd refuses by name
    if (options !== undefined) params.options = options;
    return this.request('field/validate', params);
  }

  /** field/list: every field kind. */
  async fields() {
    return (await this.request('field/list')).fields;
  }

  // Flows

  /** flow/list: every flow definition (built in, then those of --flows files), with its title. */
  async flows() {
    return (await this.request('flow/list')).flows;
  }

  start(flow) {
    return this.request('flow/start', { flow });
  }

  state(flowId) {
    return this.request('flow/state', { flowId });
  }

  // `rev` (update, next, back, goto, cancel): the rev of the snapshot the UI shows. When the flow
  // has moved on since (a double-clicked Continue), the call changes nothing and rejects
  // with StaleRevisionError, whose `snapshot` is the flow as it is now.

  update(flowId, values, { rev } = {}) {
    return this._flow('flow/update', { flowId, values }, rev);
  }

  next(flowId, values, { rev } = {}) {
    return this._flow('flow/next', values === undefined ? { flowId } : { flowId, values }, rev);
  }

  back(flowId, { rev } = {}) {
    return this._flow('flow/back', { flowId }, rev);
  }

  /**
   * flow/goto: any step on the flow's current path whose earlier steps all validate (a
   * check-answers page's "Change", a browser's Back and Forward), values kept; the current
   * step changes nothing. An unknown or unreachable step rejects with PetFlowError -32602,
   * `data.parameter` "step" and `data.reason` saying why ("unknown", "offPath", or "blocked"
   * with `data.blockedBy`, the first earlier step that does not validate).
   */
  goto(flowId, step, { rev } = {}) {
    return this._flow('flow/goto', { flowId, step }, rev);
  }

  cancel(flowId, { rev } = {}) {
    return this._flow('flow/cancel', { flowId }, rev);
  }

  /** flow/validate (on blur): checks `fields`, else the fields in `values`, else the whole step. */
  validateFlow(flowId, values, fields) {
    const params = { flowId };
    if (values !== undefined) params.values = values;
    if (fields !== undefined) params.fields = fields;
    return this.request('flow/validate', params);
  }

  export(flowId) {
    return this.request('flow/export', { flowId });
  }

  /**
   * Replays a line of `petflowd check-flows --paths` (its text, or the object it holds):
   * initialize with the line's `today` (the client's language and offsets kept; later calls
   * judge dates against that day too), flow/start of its `flow` (a `--flows` file's flow needs
   * the daemon spawned with `args: ['--flows', dir]`), then one flow/next per entry of its
   * `answers` with that step's `values`. Resolves to the last snapshot: "submitted" with the
   * line's `payload` when the flow is the one the line was made from; else the first one that
   * has `errors`, where it stopped.
   */
  async replay(line) {
    const fixture = typeof line === 'string' ? JSON.parse(line) : line;
    this.serverInfo = await this.request('initialize', {
      positionEncoding: this.serverInfo.positionEncoding,
      locale: this.serverInfo.locale,
      today: fixture.today,
    });
    let snapshot = await this.start(fixture.flow);
    for (const answer of fixture.answers) {
      snapshot = await this.next(snapshot.flowId, answer.values);
      if (Object.keys(snapshot.errors).length > 0 || snapshot.status !== 'active') break;
    }
    return snapshot;
  }

  /**
   * flow/import; a snapshot of an older version is upgraded, and `upgradeDropped` says what went.
   */
  import(snapshot) {
    return this.request('flow/import', { snapshot });
  }

  _flow(method, params, rev) {
    if (rev !== undefined) params.rev = rev;
    return this.request(method, params);
  }
}
