// httpRpc: the transport the demo uses, a JSON-RPC call per fetch POST to the bridge.

/**
 * A call failed. For an error petflowd (or the bridge) answered, `code`, `message` and
 * `data` are the JSON-RPC error's; when the bridge could not be reached or answered
 * something else, `code` is null and `data` may hold the HTTP `status`.
 */
export class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }
}

/**
 * `rpc(method, params)` for bindField and the pages: posts one JSON-RPC request to `url`
 * and resolves to its result, or rejects with RpcError.
 */
export function httpRpc(url = '/rpc') {
  let nextId = 1;
  return async function rpc(method, params) {
    const id = nextId++;
    const message = params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
    let response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
        cache: 'no-store',
      });
    } catch (error) {
      throw new RpcError(null, `the bridge at ${url} cannot be reached (${error.message})`);
    }
    if (!response.ok) {
      throw new RpcError(null, `the bridge answered HTTP ${response.status}: ${(await response.text()).trim()}`, { status: response.status });
    }
    const answer = await response.json();
    if (answer.error) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
    if (answer.id !== id) throw new RpcError(null, `the bridge answered id ${answer.id} to request ${id}`);
    return answer.result;
  };
}
