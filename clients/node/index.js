// petflow: a Node client for petflowd, the PetSpot form engine, spoken over JSON-RPC 2.0
// (newline-delimited JSON) on the daemon's stdin and stdout. No dependencies.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  ClientClosedError,
  DaemonExitedError,
  DaemonNotFoundError,
  errorFromJSON,
  PetFlowTimeoutError,
} from './lib/errors.js';
import { findDaemon } from './lib/locate.js';
import { encodeLine } from './lib/message.js';
import { PetFlowMethods } from './lib/methods.js';

export {
  ClientClosedError,
  DaemonExitedError,
  DaemonNotFoundError,
  PetFlowError,
  PetFlowTimeoutError,
  StaleRevisionError,
  UnsendableInputError,
} from './lib/errors.js';
export { findDaemon } from './lib/locate.js';
export { deleteBackward, deleteForward, insert, replace } from './lib/methods.js';

/** How many of the daemon's last stderr lines a DaemonExitedError carries. */
const STDERR_TAIL_LINES = 20;
/** How long ending the daemon may take before it is killed, in milliseconds. */
const GRACE_MS = 2000;

/**
 * One petflowd process of its own. Create it with `await PetFlowClient.spawn()`; end it
 * with `await client.close()`. Offsets are JavaScript string (UTF-16) indices: the client
 * negotiates positionEncoding "utf-16". Any number of requests may be in flight at once;
 * answers are matched by id.
 */
export class PetFlowClient extends PetFlowMethods {
  /**
   * Spawns the daemon and sends initialize.
   * @param {{path?: string, args?: string[], locale?: string, today?: string,
   *   timeout?: number}} [options]
   *   `args` are more command-line options for the daemon (`['--flows', dir]`: the flows of
   *   that directory's files too). `timeout` is in milliseconds (default 10000) and applies
   *   to every request, and to the start as a whole.
   */
  static async spawn({ path, args = [], locale, today, timeout = 10_000 } = {}) {
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      throw new TypeError("args must be an array of strings, such as ['--flows', dir]");
    }
    const client = new PetFlowClient(findDaemon(path), timeout, args);
    const params = { positionEncoding: 'utf-16' };
    if (locale !== undefined) params.locale = locale;
    if (today !== undefined) params.today = today;
    try {
      /** What initialize answered: serverInfo, positionEncoding, locale, today, methods. */
      client.serverInfo = await client.request('initialize', params);
    } catch (error) {
      await client._abort(); // a polite shutdown would only wait out another timeout
      throw error;
    }
    return client;
  }

  /** @private Use PetFlowClient.spawn(). */
  constructor(executable, timeout, args = []) {
    super();
    this.timeout = timeout;
    this.serverInfo = undefined;
    this._pending = new Map(); // id -> {resolve, reject, timer}: requests someone waits for
    // Every request sent and not yet answered, in the order written, including those whose
    // caller gave up (a timeout): petflowd answers in order, so an error it cannot tie to
    // an id belongs to the first of these.
    this._unanswered = new Set();
    this._nextId = 1;
    this._stderrTail = [];
    this._exitStatus = undefined; // {code, signal} once the process has exited
    this._failure = undefined; // makes the error every request gets once the daemon is gone
    this._closing = false;
    this._closed = new Promise((resolve) => {
      this._markClosed = resolve;
    });

    // The caller's options first: the framing this client speaks has the last word.
    const child = spawn(executable, [...args, '--framing', 'ndjson'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this._child = child;
    // The daemon must not keep Node alive on its own: only requests in flight and close() do.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.unref?.();
    child.stdin.on('error', () => {}); // EPIPE when the daemon is gone: reported by 'exit'

    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) =>
      this._answer(line),
    );
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => {
      this._stderrTail.push(line);
      if (this._stderrTail.length > STDERR_TAIL_LINES) this._stderrTail.shift();
    });
    // Could not spawn (EACCES, ENOENT in a race with findDaemon's checks).
    child.on('error', (error) =>
      this._gone(
        new DaemonNotFoundError(
          `could not start ${JSON.stringify(executable)}: ${error.message}`,
          executable,
          [executable],
        ),
      ),
    );
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
   * Resolves once the daemon has exited (or failed to start), with `{code, signal}`; by
   * then every request in flight has been rejected. A bridge that shares one daemon watches
   * it to start another at once (clients/web/serve.mjs).
   */
  get exited() {
    return this._closed.then(() => ({
      code: this._exitStatus?.code ?? null,
      signal: this._exitStatus?.signal ?? null,
    }));
  }

  /**
   * Any method; resolves to its raw result. Rejects with PetFlowError for an error answer
   * (StaleRevisionError for a stale rev), UnsendableInputError (nothing sent) for what
   * petflowd can never accept, DaemonExitedError when the daemon is gone (ClientClosedError
   * after close()), PetFlowTimeoutError after the timeout (ms).
   */
  request(method, params, { timeout = this.timeout } = {}) {
    if (this._failure) return Promise.reject(this._failure());
    const message = { jsonrpc: '2.0', id: this._nextId, method };
    if (params !== undefined) message.params = params;
    let line;
    try {
      line = encodeLine(message);
    } catch (error) {
      return Promise.reject(error);
    }
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      const timer =
        timeout > 0 && Number.isFinite(timeout)
          ? setTimeout(
              () => this._settle(id, () => reject(new PetFlowTimeoutError(method, timeout))),
              timeout,
            )
          : undefined;
      this._pending.set(id, { resolve, reject, timer });
      this._unanswered.add(id);
      this._hold();
      this._child.stdin.write(line);
    });
  }

  /**
   * Sends a notification (no answer comes back). Throws UnsendableInputError as request() rejects.
   */
  notify(method, params) {
    if (this._failure) return;
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    this._child.stdin.write(encodeLine(message));
  }

  // Ending

  /**
   * Ends the daemon politely (shutdown, exit), killing it if it has not ended within two
   * seconds. Resolves to its exit code (null when a signal ended it). Safe to call twice.
   * Every request after it rejects with ClientClosedError.
   */
  async close() {
    this._closing = true; // hold Node until the daemon has ended
    this._hold();
    if (!this._failure) {
      try {
        const timeout = this.timeout > 0 ? Math.min(this.timeout, GRACE_MS) : GRACE_MS;
        await this.request('shutdown', undefined, { timeout });
        this.notify('exit');
      } catch {
        // already dying, stuck or refusing: the kill below settles it
      }
    }
    this._child.stdin.end();
    const killer = setTimeout(() => this._child.kill('SIGKILL'), GRACE_MS);
    await this._closed;
    clearTimeout(killer);
    return this._ended();
  }

  /**
   * Kills the daemon at once: for a start that failed, where there is nothing to shut down
   * politely.
   */
  async _abort() {
    this._closing = true;
    this._hold();
    this._child.kill('SIGKILL');
    this._child.stdin.end();
    await this._closed;
    return this._ended();
  }

  /**
   * Once the process has ended: every later request says the client is closed (even after a crash).
   */
  _ended() {
    const { code = null, signal = null } = this._exitStatus ?? {};
    const stderr = this._stderrText();
    this._failure = () => new ClientClosedError(code, signal, stderr);
    this._hold();
    return code;
  }

  // Internals

  _answer(line) {
    if (!line.trim()) return;
    let answer;
    try {
      answer = JSON.parse(line);
    } catch {
      this._stderrTail.push(
        `petflow: unreadable stdout line ${JSON.stringify(line.slice(0, 200))}`,
      );
      return;
    }
    if (Array.isArray(answer)) {
      for (const item of answer) this._deliver(item, false); // this client sends no batches
    } else {
      this._deliver(answer, true);
    }
  }

  _deliver(item, ownsNullId) {
    if (!item || typeof item !== 'object') return;
    let id = item.id;
    if (id === null && ownsNullId && 'error' in item) {
      // An error petflowd could not tie to an id (bad JSON, a message over
      // --max-message-bytes). It answers in order, so the error belongs to the oldest
      // request still unanswered.
      id = this._unanswered.values().next().value;
      if (id === undefined) {
        this._stderrTail.push(
          `petflow: an error for no request: ${JSON.stringify(item).slice(0, 200)}`,
        );
        return;
      }
    }
    if (typeof id !== 'number') return;
    this._unanswered.delete(id);
    const pending = this._pending.get(id);
    if (!pending) return; // a request that timed out: its answer is dropped
    this._settle(id, () =>
      'error' in item ? pending.reject(errorFromJSON(item.error)) : pending.resolve(item.result),
    );
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

  /** The daemon's last lines on stderr, each ending in a newline. */
  _stderrText() {
    return this._stderrTail.map((line) => `${line}\n`).join('');
  }

  /** The daemon is gone (or never started): fail every request in flight, and every later one. */
  _gone(spawnError) {
    if (this._failure) return;
    const { code = null, signal = null } = this._exitStatus ?? {};
    const stderr = this._stderrText();
    const Exited = this._closing ? ClientClosedError : DaemonExitedError;
    this._failure = spawnError ? () => spawnError : () => new Exited(code, signal, stderr);
    this._unanswered.clear();
    for (const [id, pending] of [...this._pending])
      this._settle(id, () => pending.reject(this._failure()));
    this._hold();
    this._markClosed();
  }
}
