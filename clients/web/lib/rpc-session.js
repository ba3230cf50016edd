// What both transports share about the session they talk to: the page's own `initialize`
// (kept, and sent again first whenever a new session opens: a reconnect, a bridge or
// petflowd restarted, a session ended for idleness) and the messages they send.
import { RpcError } from './rpc-error.js';

/** The binding's offsets are JavaScript string indices: UTF-16 unless the page says otherwise. */
const DEFAULT_INITIALIZE = { positionEncoding: 'utf-16' };

export class RpcSession {
  constructor() {
    this.initialize = DEFAULT_INITIALIZE;
    this._nextId = 1;
  }

  /** Keeps `params` of an initialize the page sends, for every session opened later. */
  remember(params) {
    this.initialize = { ...DEFAULT_INITIALIZE, ...(params ?? {}) };
    return this.initialize;
  }

  /** `{id, text}`: a request of `method` with a new id, as JSON text. */
  request(method, params) {
    const id = this._nextId++;
    const message =
      params === undefined
        ? { jsonrpc: '2.0', id, method }
        : { jsonrpc: '2.0', id, method, params };
    return { id, text: JSON.stringify(message) };
  }
}

/** The result of an answer (parsed JSON) to request `id`, or its error thrown as RpcError. */
export function resultOf(answer, id) {
  if (answer.error) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
  if (answer.id !== id)
    throw new RpcError(null, `the bridge answered id ${answer.id} to request ${id}`);
  return answer.result;
}
