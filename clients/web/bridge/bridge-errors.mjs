// The errors the bridge answers itself, when petflowd cannot: the codes are the binding's
// (lib/rpc-error.js), so that the page's RpcError and the bridge agree on them.
import { BRIDGE_ERRORS } from '../lib/rpc-error.js';

export { BRIDGE_ERRORS };

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
