// The errors the bridge answers itself, when petflowd cannot: each with a code of the
// bridge's own, in -32094 to -32099, which petflowd never uses (its own are -32003 to
// -32015, listed in protocol.md). The README of clients/web lists them with when each happens.

export const BRIDGE_ERRORS = {
  /** The session's petflowd exited before it answered. */
  exited: -32099,
  /** petflowd did not answer within --answer-timeout; the bridge ended it. */
  timeout: -32098,
  /** The connection already has --max-queue bodies (or --max-queue-bytes) waiting for answers. */
  queueFull: -32097,
  /**
   * A Petflow-Session that names no session (ended, or never opened) and a body that is not
   * initialize.
   */
  noSession: -32096,
  /** --max-sessions sessions are busy and none is idle enough to end. */
  tooManySessions: -32095,
  /** petflowd could not be started at all (the path and the reason are in the message). */
  cannotStart: -32094,
};

/** A JSON-RPC error answer, as bytes, for the request whose id is `rawId` (its JSON text). */
export function errorAnswer(rawId, code, message, data) {
  const error = data === undefined ? { code, message } : { code, message, data };
  return Buffer.from(`{"jsonrpc":"2.0","id":${rawId},"error":${JSON.stringify(error)}}`);
}

/**
 * An Error carrying a bridge error code, thrown by the session layer and answered by the server.
 */
export class BridgeError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.data = data;
  }

  answer(rawId) {
    return errorAnswer(rawId, this.code, this.message, this.data);
  }
}
