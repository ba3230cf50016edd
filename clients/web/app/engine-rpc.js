// The pages' `wasm` transport: petflowd's engine in the page (petflow.wasm, through wasmRpc),
// given the flow files the server offers, so that it knows the same flows as the daemon
// behind the bridge would. serve.mjs lists them at /flows.json (`--flows DIR`); a static
// server may offer the same list, or none.
import { wasmRpc } from '../petflow-input.js';

/** Absolute: the pages are also served at /report/FLOW/STEP. */
const MODULE_URL = '/petflow.wasm';
const FLOW_LIST_URL = '/flows.json';

/**
 * The URLs of the flow files the server lists, in the order it lists them (petflowd's). No
 * list (404, or a static server's index.html in its place) is no flow file beyond the
 * built-in ones; a list that cannot be fetched or read throws, saying why.
 */
async function flowFileUrls() {
  const response = await fetch(FLOW_LIST_URL, { cache: 'no-cache' });
  const type = response.headers.get('Content-Type') ?? '';
  if (response.status === 404 || (response.ok && !type.startsWith('application/json'))) return [];
  if (!response.ok) throw new Error(`${FLOW_LIST_URL} answered HTTP ${response.status}`);
  const names = await response.json();
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string'))
    throw new Error(`${FLOW_LIST_URL} is not a list of file names`);
  return names.map((name) => new URL(`/flows/${encodeURIComponent(name)}`, location.href));
}

/**
 * `rpc(method, params)` on the engine in the page, given the server's flow files: the module
 * is fetched and compiled while the list and the files load. A call made meanwhile waits for
 * them; every later one is answered inside the call. When the list, a file or the module cannot
 * be loaded, every call fails with RpcError (code null, `data.cannotLoad`) saying why: never
 * another transport.
 */
export function engineRpc() {
  return wasmRpc({ url: MODULE_URL, flowFiles: flowFileUrls() });
}
