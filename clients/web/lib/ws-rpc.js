// wsRpc: JSON-RPC over one WebSocket to the bridge, which is one session with a petflowd of
// its own. The fast transport: a keystroke over an open WebSocket costs well under a
// millisecond in the browser, a fetch several (see BENCHMARKS.md, the browser scenario).
import { RpcError } from './rpc-error.js';
import { RpcSession, resultOf } from './rpc-session.js';

/**
 * `rpc(method, params)` over a WebSocket to `url` (an http(s) or ws(s) address, relative to
 * the page; default "/rpc"). Connects on the first call and sends the page's initialize
 * first (the last params the page gave it, else `{positionEncoding: "utf-16"}`); when the
 * connection closes, the calls waiting on it fail with RpcError (code null) and the next
 * call connects, and initializes, again. A connection that cannot open at all fails with
 * `data.cannotOpen` true (autoRpc then uses fetch).
 */
export function wsRpc(url = '/rpc') {
  const address = new URL(url, location.href);
  address.protocol = address.protocol === 'https:' || address.protocol === 'wss:' ? 'wss:' : 'ws:';
  const session = new RpcSession();
  const waiting = new Map(); // id -> {settle(answer), reject(error)}
  let connection = null; // a promise of the open, initialized socket

  const call = (socket, method, params) => {
    if (socket.readyState !== WebSocket.OPEN)
      return Promise.reject(
        new RpcError(null, `the connection to the bridge at ${address} has closed`),
      );
    const { id, text } = session.request(method, params);
    return new Promise((resolve, reject) => {
      const settle = (answer) => {
        try {
          resolve(resultOf(answer, id));
        } catch (error) {
          reject(error); // an error answer
        }
      };
      waiting.set(id, { settle, reject });
      socket.send(text);
    });
  };

  const open = () =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(address);
      let opened = false;
      socket.onopen = () => {
        opened = true;
        resolve(socket);
      };
      socket.onerror = () =>
        !opened &&
        reject(
          new RpcError(null, `the bridge at ${address} cannot be reached`, { cannotOpen: true }),
        );
      socket.onclose = (event) => {
        if (connection?.socket === socket) connection = null;
        const why = event.reason ? ` (${event.reason})` : '';
        const message = `the bridge at ${address} closed the connection${why}`;
        for (const { reject } of waiting.values()) reject(new RpcError(null, message));
        waiting.clear();
      };
      socket.onmessage = (event) => {
        const answer = JSON.parse(event.data);
        const call = waiting.get(answer.id);
        if (!call) return;
        waiting.delete(answer.id);
        call.settle(answer);
      };
    });

  const connect = () => {
    if (connection) return connection.ready;
    const attempt = { socket: null, ready: null };
    // Resolves to {socket, initialized}: the open socket and its initialize's answer.
    attempt.ready = open().then(async (socket) => {
      attempt.socket = socket;
      return { socket, initialized: await call(socket, 'initialize', session.initialize) };
    });
    attempt.ready.catch(() => {
      if (connection === attempt) connection = null;
    });
    connection = attempt;
    return attempt.ready;
  };

  async function rpc(method, params) {
    if (method !== 'initialize') return call((await connect()).socket, method, params);
    session.remember(params);
    if (connection) return call((await connect()).socket, method, session.initialize);
    return (await connect()).initialized; // a new connection sends it as its first message
  }
  rpc.transport = 'ws';
  return rpc;
}
