// RpcError: how a call through the bridge's transports fails, and the error codes the binding
// and the pages act on: petflowd's own, and the bridge's (bridge/bridge-errors.mjs answers
// with these). test/vocabulary.test.mjs holds both to what petflowd answers and names.

/** petflowd's codes the pages act on (protocol.md, "Errors" and "Flow errors"). */
export const PETFLOWD_ERRORS = {
  /** A parameter missing, of the wrong type or out of reach (flow/goto's `step`). */
  invalidParams: -32602,
  /** `flowId` names no flow of this session: a petflowd started anew. */
  unknownFlowId: -32010,
  /** A call on a submitted or cancelled flow. */
  flowEnded: -32011,
  /** A `rev` that is not the flow's current one: nothing changed; `data.snapshot` is the flow. */
  staleRevision: -32015,
};

/**
 * The errors the bridge answers itself, when petflowd cannot: each with a code of the bridge's
 * own, in -32094 to -32099, which petflowd never uses. The README of clients/web lists them
 * with when each happens. Like an unreachable bridge, they mean the link is down for now, not
 * that the request was wrong.
 */
export const BRIDGE_ERRORS = {
  /** The session's petflowd exited before it answered. */
  exited: -32099,
  /** petflowd did not answer within --answer-timeout; the bridge ended it. */
  timeout: -32098,
  /** The connection already has --max-queue bodies (or --max-queue-bytes) waiting for answers. */
  queueFull: -32097,
  /** A Petflow-Session that names no session (ended, never opened), and a body not initialize. */
  noSession: -32096,
  /** --max-sessions sessions are busy and none is idle enough to end. */
  tooManySessions: -32095,
  /** petflowd could not be started at all (the path and the reason are in the message). */
  cannotStart: -32094,
};

const BRIDGE_CODES = new Set(Object.values(BRIDGE_ERRORS));

/**
 * A call failed. For an error petflowd (or the bridge) answered, `code`, `message` and
 * `data` are the JSON-RPC error's; when the bridge could not be reached or answered
 * something else, `code` is null and `data` may hold the HTTP `status`. `linkDown` is true
 * when the request never got petflowd's answer (worth sending again later).
 */
export class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }

  get linkDown() {
    return this.code === null || BRIDGE_CODES.has(this.code);
  }
}
