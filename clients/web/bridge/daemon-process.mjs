// One petflowd process of one session, spoken to in LSP framing on its pipes. Bodies go in
// byte for byte; answers come back byte for byte. petflowd answers in request order, but a
// body may get no answer (a notification; a response, which it drops) or one the bridge
// could not foresee from JavaScript's reading of it (`{"jsonrpc":"2.0"}` without an id is
// answered; a notification with a lone surrogate is -32700). So after every body the bridge
// writes one request of its own, whose answer marks where the body's answers end: no
// guess about what petflowd will answer can put an answer on the wrong body.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { BRIDGE_ERRORS, BridgeError } from './bridge-errors.mjs';
import { FrameReader, frame } from './lsp-framing.mjs';

/** The method of the end-of-body request: unknown to petflowd, which answers it -32601. */
const END_METHOD = '$/petflow-bridge/end';
/** How long a petflowd asked to end (stdin closed) may take before it is killed. */
const END_GRACE_MS = 2000;
/** How many lines of petflowd's stderr an "exited" error quotes. */
const STDERR_TAIL_LINES = 5;

export class DaemonProcess {
  /**
   * Starts `binary`; resolves once it runs, or rejects with a BridgeError (cannotStart)
   * naming the path and the reason. `answerTimeoutMs`: a body not answered within it ends
   * the process. `log(line)` gets its stderr and its exit. `args`: options of petflowd's own
   * (`--flows DIR`), after the framing.
   */
  static start(binary, { answerTimeoutMs, log = () => {}, args = [] }) {
    return new Promise((resolve, reject) => {
      const child = spawn(binary, ['--framing', 'lsp', ...args], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child.once('error', (error) =>
        reject(
          new BridgeError(
            BRIDGE_ERRORS.cannotStart,
            `cannot start petflowd at ${binary}: ${error.message}`,
            { path: binary, reason: error.code ?? error.message },
          ),
        ),
      );
      child.once('spawn', () => resolve(new DaemonProcess(child, binary, answerTimeoutMs, log)));
    });
  }

  constructor(child, binary, answerTimeoutMs, log) {
    this._child = child;
    this._binary = binary;
    this._answerTimeoutMs = answerTimeoutMs;
    this._log = log;
    this._nonce = randomBytes(9).toString('base64url');
    this._sent = 0;
    // Bodies written and not yet fully answered, in order: {endPrefix, answers, resolve,
    // reject, since}, `since` the time the body became the oldest waiting.
    this._waiting = [];
    // One timer, for the oldest body waiting (petflowd answers in order: when it is late,
    // every body after it is too). It is re-armed, never made anew, for each keystroke: a
    // timer per body would cost more than petflowd's work on it. A timer that fires with
    // nothing late does nothing.
    this._late = setTimeout(() => this._checkLate(), answerTimeoutMs);
    this._late.unref();
    this._reader = new FrameReader();
    this._stderrTail = [];
    this._exit = null; // {code, signal} once exited
    this.exited = new Promise((resolve) => {
      this._exited = resolve;
    });

    child.stdin.on('error', () => {}); // EPIPE once it is gone: its exit says so
    child.stdout.on('data', (chunk) => this._read(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      for (const line of text.split('\n')) {
        if (line === '') continue;
        this._stderrTail.push(line);
        if (this._stderrTail.length > STDERR_TAIL_LINES) this._stderrTail.shift();
        log(`petflowd ${child.pid}: ${line}`);
      }
    });
    child.once('exit', (code, signal) => {
      this._exit = { code, signal };
      const how = signal ? `signal ${signal}` : `status ${code}`;
      const said = this._stderrTail.length > 0 ? `: ${this._stderrTail.join(' / ')}` : '';
      this._fail(
        new BridgeError(BRIDGE_ERRORS.exited, `petflowd exited before answering (${how})${said}`, {
          exitCode: code,
          signal,
        }),
      );
      this._exited({ code, signal });
    });
  }

  get pid() {
    return this._child.pid;
  }

  /** How many bodies are waiting for their answers. */
  get busy() {
    return this._waiting.length;
  }

  /**
   * Writes `body` (a Buffer) and resolves to petflowd's answers to it (Buffers, in order:
   * none or one). Rejects with a BridgeError when the process exits or times out first.
   */
  send(body) {
    if (this._exit)
      return Promise.reject(new BridgeError(BRIDGE_ERRORS.exited, 'petflowd has exited'));
    const id = `petflow-bridge-${this._nonce}-${++this._sent}`;
    const end = Buffer.from(`{"jsonrpc":"2.0","id":"${id}","method":"${END_METHOD}"}`);
    return new Promise((resolve, reject) => {
      // petflowd writes an answer's members as jsonrpc, id, then error (protocol.md).
      const endPrefix = Buffer.from(`{"jsonrpc":"2.0","id":"${id}"`);
      const since = performance.now();
      if (this._waiting.length === 0) this._late.refresh();
      this._waiting.push({ endPrefix, answers: [], resolve, reject, since });
      this._child.stdin.write(Buffer.concat([frame(body), frame(end)]));
    });
  }

  _read(chunk) {
    let bodies;
    try {
      bodies = this._reader.push(chunk);
    } catch (error) {
      this._log(`petflowd ${this.pid}: ${error.message}; ending it`);
      this._child.kill('SIGKILL');
      return;
    }
    for (const answer of bodies) {
      const head = this._waiting[0];
      if (!head) {
        const start = answer.subarray(0, 120);
        this._log(`petflowd ${this.pid}: an answer to nothing the bridge sent (dropped): ${start}`);
      } else if (answer.subarray(0, head.endPrefix.length).equals(head.endPrefix)) {
        this._waiting.shift();
        // The next answer's wait starts now.
        if (this._waiting.length > 0) this._waiting[0].since = performance.now();
        head.resolve(head.answers);
      } else {
        head.answers.push(answer);
      }
    }
  }

  _checkLate() {
    const head = this._waiting[0];
    if (!head || this._exit) return;
    const waited = performance.now() - head.since;
    if (waited >= this._answerTimeoutMs) return this._timedOut();
    this._late = setTimeout(() => this._checkLate(), this._answerTimeoutMs - waited);
    this._late.unref();
  }

  _timedOut() {
    const seconds = this._answerTimeoutMs / 1000;
    this._fail(
      new BridgeError(
        BRIDGE_ERRORS.timeout,
        `petflowd did not answer within ${seconds} s; the bridge ended it`,
      ),
    );
    this._child.kill('SIGKILL');
  }

  _fail(error) {
    clearTimeout(this._late);
    const waiting = this._waiting;
    this._waiting = [];
    for (const { reject } of waiting) reject(error);
  }

  /** Ends the process: stdin closed (petflowd exits at its end), killed if it lingers. */
  end() {
    if (this._exit) return this.exited;
    this._child.stdin.end();
    const kill = setTimeout(() => this._child.kill('SIGKILL'), END_GRACE_MS);
    kill.unref();
    return this.exited.finally(() => clearTimeout(kill));
  }
}
