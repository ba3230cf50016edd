// petflow-wasm.js: petflowd's engine in the page (or in Node 20), compiled to WebAssembly
// (petflow.wasm, scripts/build-wasm): no bridge, no process, no network after the module has
// loaded. wasmRpc offers the `rpc(method, params)` of wsRpc and httpRpc, answered inside the
// call, so the binding applies text and caret in the same input event. No dependencies.
import { RpcError } from './lib/rpc-error.js';
import { RpcSession, resultOf } from './lib/rpc-session.js';
import { loadEngine } from './lib/wasm-engine.js';

export { FlowFilesError, INTERNAL_ERROR, loadEngine } from './lib/wasm-engine.js';

/** The module beside this file, where scripts/build-wasm writes it. */
const BESIDE_THIS_FILE = new URL('petflow.wasm', import.meta.url);

/**
 * `rpc(method, params)` answered by petflow.wasm in this page: `url` is the module's address
 * (relative to the page; default the petflow.wasm beside this file), `flowFiles` the flow files it
 * loads as `petflowd --flows` would (each its text or bytes, or a Response or URL to fetch; the
 * list, or a promise of it while the page asks which there are). The module is fetched and compiled
 * at once, while the flow files load; a call made before it is ready waits for it, every later one
 * is answered inside the call (its promise already settled). The first call sends the page's
 * initialize first (the last params the page gave it, else `{positionEncoding: "utf-16"}`). A
 * module that cannot load fails every call with RpcError (code null, `data.cannotLoad` true) saying
 * why. A call during which the module trapped fails with -32603, and the next call is answered by a
 * fresh instance given the same flow files and sent the page's last initialize first. `rpc.ready`
 * settles once the module has loaded.
 */
export function wasmRpc({ url, flowFiles = [], log } = {}) {
  const address = url === undefined ? BESIDE_THIS_FILE : new URL(url, globalThis.location?.href);
  const session = new RpcSession();
  let engine = null;
  let failure = null; // the RpcError every call fails with once loading has failed
  let initialized = false; // the page's initialize has been sent to the engine

  const ready = loadEngine({ module: address, flowFiles, log }).then(
    (loaded) => {
      engine = loaded;
    },
    (error) => {
      failure = new RpcError(
        null,
        `petflow.wasm at ${address} cannot be loaded: ${error.message}`,
        {
          cannotLoad: true,
        },
      );
      throw failure;
    },
  );
  ready.catch(() => {}); // the calls report it

  /** Sends `method` to the engine; its result, or its error thrown as RpcError. */
  const send = (method, params) => {
    const { id, text } = session.request(method, params);
    const answer = engine.handle(text);
    if (answer === null)
      throw new RpcError(null, `petflow.wasm answered nothing to ${method} (it has exited)`);
    return resultOf(JSON.parse(answer), id);
  };

  /** The call, done now: the engine is ready. */
  const answerNow = (method, params) => {
    // After `exit`, as after the bridge's petflowd ended, the next call opens a new session.
    if (engine.exitStatus !== null) engine.restart();
    try {
      if (method === 'initialize') session.remember(params);
      else if (!initialized) send('initialize', session.initialize);
      initialized = true;
      return Promise.resolve(send(method, method === 'initialize' ? session.initialize : params));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  function rpc(method, params) {
    if (failure) return Promise.reject(failure);
    if (engine === null) return ready.then(() => answerNow(method, params));
    return answerNow(method, params);
  }
  rpc.transport = 'wasm';
  rpc.ready = ready;
  return rpc;
}
