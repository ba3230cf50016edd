// httpRpc: a JSON-RPC call per fetch POST to the bridge, in a session of the page's own
// (the Petflow-Session header names it), which the page opens with its own initialize.
import { BRIDGE_ERRORS, RpcError } from './rpc-error.js';
import { RpcSession, resultOf } from './rpc-session.js';

function newSessionId() {
  return crypto.randomUUID();
}

/**
 * `rpc(method, params)` for bindField and the pages: posts one JSON-RPC request to `url` and
 * resolves to its result, or rejects with RpcError. The first call opens the session with
 * `initialize` (the last params the page gave it, else `{positionEncoding: "utf-16"}`);
 * when the bridge no longer knows the session, it is opened again and the call sent again.
 */
export function httpRpc(url = '/rpc') {
  const session = new RpcSession();
  const sessionId = newSessionId();
  let opened = null; // the promise of this session's initialize answer

  const post = async (method, params) => {
    const { id, text } = session.request(method, params);
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Petflow-Session': sessionId },
        body: text,
        cache: 'no-store',
      });
    } catch (error) {
      throw new RpcError(null, `the bridge at ${url} cannot be reached (${error.message})`);
    }
    if (!response.ok) {
      throw new RpcError(
        null,
        `the bridge answered HTTP ${response.status}: ${(await response.text()).trim()}`,
        { status: response.status },
      );
    }
    return resultOf(await response.json(), id);
  };
  const open = () => {
    if (opened) return opened;
    const opening = post('initialize', session.initialize);
    opened = opening;
    opening.catch(() => {
      if (opened === opening) opened = null;
    });
    return opening;
  };

  async function rpc(method, params) {
    if (method === 'initialize') {
      session.remember(params);
      opened = null;
      return open();
    }
    const at = await open();
    try {
      return await post(method, params);
    } catch (error) {
      if (error.code !== BRIDGE_ERRORS.noSession) throw error;
      if (opened === null || (await opened) === at) opened = null; // the first to see it opens anew
      await open();
      return post(method, params);
    }
  }
  rpc.transport = 'http';
  return rpc;
}
