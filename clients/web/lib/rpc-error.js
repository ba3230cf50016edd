// RpcError: how a call through the bridge's transports fails.

/**
 * The bridge's own error codes (clients/web/README.md, "The bridge"): petflowd could not
 * answer (it exited, timed out, could not start, no session slot). Like an unreachable
 * bridge, they mean the link is down for now, not that the request was wrong.
 */
const BRIDGE_CODES = { min: -32099, max: -32094 };

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
    return this.code === null || (this.code >= BRIDGE_CODES.min && this.code <= BRIDGE_CODES.max);
  }
}

/** The bridge's code for a Petflow-Session it does not know (ended or never opened). */
export const NO_SESSION = -32096;
