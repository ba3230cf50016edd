// petflow/wasm: the engine in this process, petflow.wasm (petflowd compiled to WebAssembly)
// run by Node's own WebAssembly, with the methods of PetFlowClient: no daemon, no pipe, no
// binary for the platform. No dependencies.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientClosedError, DaemonExitedError, errorFromJSON } from './lib/errors.js';
import { flowFileNames } from './lib/flow-files.js';
import { encodeLine } from './lib/message.js';
import { PetFlowMethods } from './lib/methods.js';
import { loadEngine } from './lib/wasm-engine.js';

export {
  ClientClosedError,
  DaemonExitedError,
  PetFlowError,
  StaleRevisionError,
  UnsendableInputError,
} from './lib/errors.js';
export { FlowFilesError } from './lib/wasm-engine.js';
export { deleteBackward, deleteForward, insert, replace } from './lib/methods.js';

/** How many of the engine's last log lines an error for an ended session carries. */
const LOG_TAIL_LINES = 20;

/**
 * Where petflow.wasm is looked for, in order: the package's own copy (scripts/package puts it
 * beside this file), then a checkout's build (scripts/build-wasm writes clients/web/petflow.wasm).
 */
const MODULE_PLACES = [
  fileURLToPath(new URL('./petflow.wasm', import.meta.url)),
  fileURLToPath(new URL('../web/petflow.wasm', import.meta.url)),
];

/**
 * The module to load: `module` when given (a path is read), else env PETFLOW_WASM, else the
 * first place found.
 */
export function findModule(module) {
  if (typeof module === 'string') return readFileSync(module);
  if (module !== undefined) return module;
  if (process.env.PETFLOW_WASM) return readFileSync(process.env.PETFLOW_WASM);
  const found = MODULE_PLACES.find((place) => existsSync(place));
  if (found) return readFileSync(found);
  throw new Error(
    `petflow.wasm not found (looked in ${MODULE_PLACES.join(', ')}); ` +
      'in a checkout, scripts/build-wasm builds it',
  );
}

/** The flow files `petflowd --flows DIR` loads, their bytes in its order. */
function flowFilesIn(directory) {
  return flowFileNames(directory).map((name) => readFileSync(join(directory, name)));
}

/** The flow files of PetFlowClient.spawn's `args` (only `--flows DIR` means anything here). */
function flowFilesOfArgs(args) {
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
    throw new TypeError("args must be an array of strings, such as ['--flows', dir]");
  const files = [];
  for (let index = 0; index < args.length; index += 2) {
    if (args[index] !== '--flows' || args[index + 1] === undefined)
      throw new TypeError(`PetFlowEngine takes only --flows DIR of petflowd's options: ${args}`);
    files.push(...flowFilesIn(args[index + 1]));
  }
  return files;
}

/**
 * petflowd's engine in this process. Create it with `await PetFlowEngine.load()`; its methods
 * are PetFlowClient's, with the same results and errors, each answered inside the call (the
 * promise it returns is already settled). Offsets are UTF-16 indices, as the client's.
 */
export class PetFlowEngine extends PetFlowMethods {
  /**
   * Loads petflow.wasm and sends initialize.
   * @param {{module?: string | URL | Uint8Array | WebAssembly.Module, flows?: string,
   *   flowFiles?: (string | Uint8Array)[], args?: string[], locale?: string, today?: string,
   *   log?: (line: string) => void}} [options]
   *   `flows`: a directory whose flow files are loaded as `petflowd --flows` loads them;
   *   `flowFiles`: more, each its text or bytes; `args`: PetFlowClient's `['--flows', dir]`.
   *   `log` gets the lines petflowd would write on stderr.
   */
  static async load({ module, flows, flowFiles = [], args = [], locale, today, log } = {}) {
    const files = [
      ...(flows === undefined ? [] : flowFilesIn(flows)),
      ...flowFilesOfArgs(args),
      ...flowFiles,
    ];
    const engine = new PetFlowEngine(log);
    engine._engine = await loadEngine({
      module: findModule(module),
      flowFiles: files,
      log: (line) => engine._logged(line),
    });
    const params = { positionEncoding: 'utf-16' };
    if (locale !== undefined) params.locale = locale;
    if (today !== undefined) params.today = today;
    /** What initialize answered: serverInfo, positionEncoding, locale, today, methods. */
    engine.serverInfo = await engine.request('initialize', params);
    return engine;
  }

  /**
   * PetFlowClient.spawn's name for load(), so code written for the client runs unchanged: its
   * `args` may name `--flows DIR`; `path` and `timeout` mean nothing here.
   */
  static spawn(options = {}) {
    const { path: _path, timeout: _timeout, ...rest } = options;
    return PetFlowEngine.load(rest);
  }

  /** @private Use PetFlowEngine.load(). */
  constructor(log) {
    super();
    this.serverInfo = undefined;
    this._log = log;
    this._logTail = [];
    this._nextId = 1;
    this._closed = false;
    this._exited = new Promise((resolve) => {
      this._markExited = resolve;
    });
  }

  /**
   * The raw interface, synchronous: one JSON-RPC body (request, notification or batch) in, the
   * body petflowd would write out, or null where it writes nothing.
   */
  handle(body) {
    return this._engine.handle(body);
  }

  /** The module's linear memory now (WebAssembly.Memory). */
  get memory() {
    return this._engine.memory;
  }

  /** Resolves once the session has ended (exit, or close()), with `{code, signal: null}`. */
  get exited() {
    return this._exited;
  }

  /**
   * Any method; resolves to its raw result, settled before it returns. Rejects as
   * PetFlowClient's request does: PetFlowError for an error answer (StaleRevisionError for a
   * stale rev; -32603 when the module trapped, and the next call has a fresh instance),
   * UnsendableInputError, DaemonExitedError after `exit` (ClientClosedError after close()).
   */
  request(method, params) {
    try {
      return Promise.resolve(this._call(method, params));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Sends a notification (no answer comes back). */
  notify(method, params) {
    if (this._closed || this._engine.exitStatus !== null) return;
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    this._engine.handle(encodeLine(message).slice(0, -1));
    this._noticeExit();
  }

  /**
   * Ends the session (shutdown, exit); resolves to its exit status. Safe to call twice. Every
   * request after it rejects with ClientClosedError.
   */
  async close() {
    if (!this._closed && this._engine.exitStatus === null) {
      try {
        this._call('shutdown');
        this.notify('exit');
      } catch {
        // a trap: the session is over all the same
      }
    }
    this._closed = true;
    const code = this._engine.exitStatus;
    this._markExited({ code, signal: null });
    return code;
  }

  _call(method, params) {
    if (this._closed) throw new ClientClosedError(this._engine.exitStatus, null, this._tail());
    const message = { jsonrpc: '2.0', id: this._nextId++, method };
    if (params !== undefined) message.params = params;
    const answer = this._engine.handle(encodeLine(message).slice(0, -1));
    this._noticeExit();
    if (answer === null) throw new DaemonExitedError(this._engine.exitStatus, null, this._tail());
    const item = JSON.parse(answer);
    if ('error' in item) throw errorFromJSON(item.error);
    return item.result;
  }

  _noticeExit() {
    const code = this._engine.exitStatus;
    if (code !== null) this._markExited({ code, signal: null });
  }

  _logged(line) {
    this._logTail.push(line);
    if (this._logTail.length > LOG_TAIL_LINES) this._logTail.shift();
    this._log?.(line);
  }

  _tail() {
    return this._logTail.map((line) => `${line}\n`).join('');
  }
}
