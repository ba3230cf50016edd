// wsRpc: JSON-RPC over one WebSocket to the bridge. The fast transport: a keystroke over an
// open WebSocket costs well under a millisecond in the browser, a fetch several (see
// BENCHMARKS.md, the browser scenario).
import { RpcError } from './http-rpc.js';

/**
 * `rpc(method, params)` over a WebSocket to `url` (an http(s) or ws(s) address, relative to
 * the page; default "/rpc"). Connects on the first call; when the connection closes, the
 * calls waiting on it fail with RpcError (code null) and the next call connects again.
 */
export function wsRpc(url = '/rpc') {
  const address = new URL(url, location.href);
  address.protocol = address.protocol === 'https:' || address.protocol === 'wss:' ? 'wss:' : 'ws:';
  const pending = new Map(); // id -> {resolve, reject}
  let connection = null; // a promise of the open socket
  let nextId = 1;

  const failAll = (message) => {
    for (const { reject } of pending.values()) reject(new RpcError(null, message));
    pending.clear();
  };

  const connect = () =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(address);
      socket.onopen = () => resolve(socket);
      socket.onerror = () => reject(new RpcError(null, `the bridge at ${address} cannot be reached`));
      socket.onclose = () => {
        connection = null;
        failAll(`the bridge at ${address} closed the connection`);
      };
      socket.onmessage = (event) => {
        const answer = JSON.parse(event.data);
        const call = pending.get(answer.id);
        if (!call) return;
        pending.delete(answer.id);
        if (answer.error) call.reject(new RpcError(answer.error.code, answer.error.message, answer.error.data));
        else call.resolve(answer.result);
      };
    });

  return async function rpc(method, params) {
    connection ??= connect().catch((error) => {
      connection = null;
      throw error;
    });
    const socket = await connection;
    const id = nextId++;
    const message = params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify(message));
    });
  };
}
