// petflow: a Node client for petflowd, the PetSpot form engine, spoken over JSON-RPC 2.0
// (newline-delimited JSON) on the daemon's stdin and stdout. No dependencies.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** How many of the daemon's last stderr lines a DaemonExitedError carries. */
const STDERR_TAIL_LINES = 20;
/** How long ending the daemon may take before it is killed, in milliseconds. */
const GRACE_MS = 2000;

/**
 * A request failed. For an error petflowd answered, `code` is its JSON-RPC code, `message`
 * its message and `data` its data (or undefined). The client's own failures are the
 * subclasses DaemonExitedError and PetFlowTimeoutError, whose `code` is null.
 */
export class PetFlowError extends Error {
  constructor(code, message, data) {
    super(message);
    this.name = 'PetFlowError';
    this.code = code;
    this.data = data;
  }
}

/** The daemon exited, was killed, or failed to start, before answering. */
export class DaemonExitedError extends PetFlowError {
  constructor(exitCode, signal, stderr) {
    const status = signal ? `signal ${signal}` : exitCode === null ? 'still running' : `exit status ${exitCode}`;
    let message = `petflowd exited (${status})`;
    if (stderr.trim()) message += `; its stderr ended with:\n${stderr.trimEnd()}`;
    super(null, message, undefined);
    this.name = 'DaemonExitedError';
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderr = stderr;
  }
}

/** A request got no answer within its timeout; the daemon is left running. */
export class PetFlowTimeoutError extends PetFlowError {
  constructor(method, timeout) {
    super(null, `petflowd did not answer ${method} within ${timeout} ms`, undefined);
    this.name = 'PetFlowTimeoutError';
    this.method = method;
    this.timeout = timeout;
  }
}

/** Typing or pasting `text` over the selection. */
export const insert = (text) => ({ type: 'insert', text });
/** Backspace. */
export const deleteBackward = () => ({ type: 'deleteBackward' });
/** Forward delete. */
export const deleteForward = () => ({ type: 'deleteForward' });
/** Replacing text.slice(start, end) (UTF-16 indices), as autocorrect does. */
export const replace = (start, end, text) => ({ type: 'replace', start, end, text });

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The executable to spawn: `path`, else env PETFLOWD, else petflowd on PATH, else the
 * repository's release build (.build/release/petflowd) when this package runs from a checkout.
 */
export function findDaemon(path) {
  if (path) return path;
  if (process.env.PETFLOWD) return process.env.PETFLOWD;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, 'petflowd'))) return join(dir, 'petflowd');
  }
  const repoBuild = fileURLToPath(new URL('../../.build/release/petflowd', import.meta.url));
  if (isExecutable(repoBuild)) return repoBuild;
  const error = new Error(
    'petflowd not found: pass spawn({path}), set PETFLOWD, put petflowd on PATH, ' +
      `or build it (swift build -c release) so that ${repoBuild} exists`,
  );
  error.code = 'ENOENT';
  throw error;
}

/** `{start, end}` from a caret number, a `[start, end]` pair or a `{start, end}` object. */
function selectionOf(selection) {
  if (typeof selection === 'number') return { start: selection, end: selection };
  if (Array.isArray(selection)) return { start: selection[0], end: selection[1] };
  return { start: selection.start, end: selection.end };
}

/**
 * One petflowd process of its own. Create it with `await PetFlowClient.spawn()`; end it
 * with `await client.close()`. Offsets are JavaScript string (UTF-16) indices: the client
 * negotiates positionEncoding "utf-16". Any number of requests may be in flight at once;
 * answers are matched by id.
 */
export class PetFlowClient {
  /**
   * Spawns the daemon and sends initialize.
   * @param {{path?: string, locale?: string, today?: string, timeout?: number}} [options]
   *   `timeout` is in milliseconds (default 10000) and applies to every request.
   */
  static async spawn({ path, locale, today, timeout = 10_000 } = {}) {
    const client = new PetFlowClient(findDaemon(path), timeout);
    const params = { positionEncoding: 'utf-16' };
    if (locale !== undefined) params.locale = locale;
    if (today !== undefined) params.today = today;
    try {
      /** What initialize answered: serverInfo, positionEncoding, locale, today, methods. */
      client.serverInfo = await client.request('initialize', params);
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  /** @private Use PetFlowClient.spawn(). */
  constructor(executable, timeout) {
    this.timeout = timeout;
    this.serverInfo = undefined;
    this._pending = new Map();
    this._nextId = 1;
    this._stderrTail = [];
    this._exitStatus = undefined; // {code, signal} once the process has exited
    this._failure = undefined; // makes the error every request gets once the daemon is gone
    this._closing = false;
    this._closed = new Promise((resolve) => (this._markClosed = resolve));

    const child = spawn(executable, ['--framing', 'ndjson'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this._child = child;
    // The daemon must not keep Node alive on its own: only requests in flight and close() do.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.unref?.();
    child.stdin.on('error', () => {}); // EPIPE when the daemon is gone: reported by 'exit'

    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => this._answer(line));
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
      this._stderrTail.push(line);
      if (this._stderrTail.length > STDERR_TAIL_LINES) this._stderrTail.shift();
    });
    child.on('error', (error) => this._gone(error)); // could not spawn (ENOENT, EACCES)
    child.on('exit', (code, signal) => {
      this._exitStatus = { code, signal };
      // 'close' follows once stdout and stderr have been read to the end; if a process the
      // daemon started keeps a pipe open, give up waiting for that after a moment.
      setTimeout(() => this._gone(), GRACE_MS / 4).unref();
    });
    child.on('close', () => this._gone());
  }

  /** The daemon's process id. */
  get pid() {
    return this._child.pid;
  }

  /**
   * Any method; resolves to its raw result. Rejects with PetFlowError for an error answer,
   * DaemonExitedError when the daemon is gone, PetFlowTimeoutError after the timeout (ms).
   */
  request(method, params, { timeout = this.timeout } = {}) {
    if (this._failure) return Promise.reject(this._failure());
    const id = this._nextId++;
    const message = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    return new Promise((resolve, reject) => {
      const timer =
        timeout > 0 && Number.isFinite(timeout)
          ? setTimeout(() => this._settle(id, () => reject(new PetFlowTimeoutError(method, timeout))), timeout)
          : undefined;
      this._pending.set(id, { resolve, reject, timer });
      this._hold();
      this._child.stdin.write(JSON.stringify(message) + '\n');
    });
  }

  /** Sends a notification (no answer comes back). */
  notify(method, params) {
    if (this._failure) return;
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    this._child.stdin.write(JSON.stringify(message) + '\n');
  }

  // Fields

  /**
   * field/format: formats `text` as typed so far, keeping the caret after the same
   * significant characters. `caret` is a UTF-16 index, a `{start, end}` selection or a
   * `[start, end]` pair; omitted, the caret stays at the end.
   */
  format(field, text, caret, options) {
    const params = { field, text };
    if (typeof caret === 'number') params.caret = caret;
    else if (caret != null) params.selection = selectionOf(caret);
    if (options !== undefined) params.options = options;
    return this.request('field/format', params);
  }

  /** field/edit: applies one edit (insert, deleteBackward, deleteForward, replace) to the pre-edit state. */
  edit(field, text, selection, edit, options) {
    const params = { field, text, selection: selectionOf(selection), edit };
    if (options !== undefined) params.options = options;
    return this.request('field/edit', params);
  }

  /** field/validate: a string is validated as text, `{value}` as a stored value, nothing as an empty field. */
  validate(field, input, options) {
    const params = { field };
    if (typeof input === 'string') params.text = input;
    else if (input != null && 'value' in input) params.value = input.value;
    else if (input != null && 'text' in input) params.text = input.text;
    if (options !== undefined) params.options = options;
    return this.request('field/validate', params);
  }

  /** field/list: every field kind. */
  async fields() {
    return (await this.request('field/list')).fields;
  }

  // Flows

  /** flow/list: every flow definition. */
  async flows() {
    return (await this.request('flow/list')).flows;
  }

  start(flow) {
    return this.request('flow/start', { flow });
  }

  state(flowId) {
    return this.request('flow/state', { flowId });
  }

  update(flowId, values) {
    return this.request('flow/update', { flowId, values });
  }

  next(flowId, values) {
    return this.request('flow/next', values === undefined ? { flowId } : { flowId, values });
  }

  back(flowId) {
    return this.request('flow/back', { flowId });
  }

  cancel(flowId) {
    return this.request('flow/cancel', { flowId });
  }

  /** flow/validate (on blur): checks `fields`, else the fields in `values`, else the whole step. */
  validateFlow(flowId, values, fields) {
    const params = { flowId };
    if (values !== undefined) params.values = values;
    if (fields !== undefined) params.fields = fields;
    return this.request('flow/validate', params);
  }

  export(flowId) {
    return this.request('flow/export', { flowId });
  }

  import(snapshot) {
    return this.request('flow/import', { snapshot });
  }

  // Ending

  /**
   * Ends the daemon politely (shutdown, exit), killing it if it has not ended within two
   * seconds. Resolves to its exit code (null when a signal ended it). Safe to call twice.
   */
  async close() {
    this._closing = true; // hold Node until the daemon has ended
    this._hold();
    if (!this._failure) {
      try {
        await this.request('shutdown', undefined, { timeout: Math.min(this.timeout, GRACE_MS) });
        this.notify('exit');
      } catch {
        // already dying, stuck or refusing: the kill below settles it
      }
    }
    this._child.stdin.end();
    const killer = setTimeout(() => this._child.kill('SIGKILL'), GRACE_MS);
    await this._closed;
    clearTimeout(killer);
    return this._exitStatus?.code ?? null;
  }

  // Internals

  _answer(line) {
    if (!line.trim()) return;
    let answer;
    try {
      answer = JSON.parse(line);
    } catch {
      this._stderrTail.push(`petflow: unreadable stdout line ${JSON.stringify(line.slice(0, 200))}`);
      return;
    }
    for (const item of Array.isArray(answer) ? answer : [answer]) {
      const pending = item && typeof item.id === 'number' ? this._pending.get(item.id) : undefined;
      if (!pending) continue; // an id:null error (framing fault), or a request that timed out
      this._settle(item.id, () => {
        if ('error' in item) {
          const { code = null, message = '', data } = item.error ?? {};
          pending.reject(new PetFlowError(code, message, data));
        } else {
          pending.resolve(item.result);
        }
      });
    }
  }

  /** Removes a pending request and runs `finish` on it, once. */
  _settle(id, finish) {
    const pending = this._pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this._pending.delete(id);
    this._hold();
    finish();
  }

  /** Keeps Node running while requests are in flight or close() waits, and only then. */
  _hold() {
    const on = !this._failure && (this._closing || this._pending.size > 0);
    for (const handle of [this._child, this._child.stdout, this._child.stderr]) {
      if (on) handle.ref?.();
      else handle.unref?.();
    }
  }

  /** The daemon is gone (or never started): fail every request in flight, and every later one. */
  _gone(spawnError) {
    if (this._failure) return;
    const { code = null, signal = null } = this._exitStatus ?? {};
    const stderr = this._stderrTail.map((line) => line + '\n').join('');
    this._failure = spawnError ? () => spawnError : () => new DaemonExitedError(code, signal, stderr);
    for (const [id, pending] of [...this._pending]) this._settle(id, () => pending.reject(this._failure()));
    this._hold();
    this._markClosed();
  }
}
