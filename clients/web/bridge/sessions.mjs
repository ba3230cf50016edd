// The bridge's sessions: each page session has a petflowd of its own, so the page's own
// `initialize` (its locale, its position encoding) and its own ids reach a daemon nobody
// else talks to. At most `maxSessions` run at once; each ends after `idleMs` without a body,
// and when a new one needs a slot, the one idle longest (with nothing in flight) makes room.
import { BRIDGE_ERRORS, BridgeError } from './bridge-errors.mjs';
import { DaemonProcess } from './daemon-process.mjs';

export class Session {
  /** `onEnd(session, why)` runs once, when the session ends for any reason. */
  constructor(name, daemon, idleMs, onEnd) {
    this.name = name; // for the log: "session 3f2a…", "WebSocket 12", "one-shot 4"
    this.daemon = daemon;
    this.lastUsed = Date.now();
    this.ended = false;
    this._onEnd = onEnd;
    this._idle =
      idleMs > 0 ? setTimeout(() => this.end(`idle for ${idleMs / 1000} s`), idleMs) : null;
    this._idle?.unref();
    // Only a petflowd that did exit is said to have exited; the page's next initialize
    // opens a new session with a new one.
    daemon.exited.then(({ code, signal }) =>
      this.end(`petflowd exited (${signal ? `signal ${signal}` : `status ${code}`})`),
    );
  }

  /** Sends a body to this session's petflowd; resolves to its answers (Buffers). */
  send(body) {
    if (this.ended)
      return Promise.reject(
        new BridgeError(
          BRIDGE_ERRORS.noSession,
          'the session has ended; send initialize to open another',
        ),
      );
    this.lastUsed = Date.now();
    this._idle?.refresh();
    return this.daemon.send(body);
  }

  /** Whether a body is waiting for its answers. */
  get busy() {
    return this.daemon.busy > 0;
  }

  /** Ends the session and its petflowd; `why` is logged. */
  end(why) {
    if (!this.ended) {
      this.ended = true;
      clearTimeout(this._idle);
      this._onEnd(this, why);
    }
    return this.daemon.end();
  }
}

export class Sessions {
  /**
   * @param {{binary: string | null, daemonArgs?: string[], maxSessions: number, idleMs: number,
   *   answerTimeoutMs: number, log?: (line: string) => void,
   *   startDaemon?: typeof DaemonProcess.start}} options
   *   `daemonArgs` are given to every petflowd (`--flows DIR`); no `binary` (null): every
   *   session is refused (cannotStart), the server running no petflowd. `startDaemon` stands in for
   *   DaemonProcess.start (the browser benchmark's canned floor passes its own).
   */
  constructor({
    binary,
    daemonArgs = [],
    maxSessions,
    idleMs,
    answerTimeoutMs,
    log = () => {},
    startDaemon = DaemonProcess.start,
  }) {
    this._binary = binary;
    this._daemonArgs = daemonArgs;
    this._startDaemon = startDaemon;
    this._maxSessions = maxSessions;
    this._idleMs = idleMs;
    this._answerTimeoutMs = answerTimeoutMs;
    this._log = log;
    this._live = new Set(); // every session running, however it is reached
    this._starting = 0; // slots taken by sessions whose petflowd is still starting
    this._byId = new Map(); // Petflow-Session header -> Promise<Session>
    this._closing = false;
  }

  /** How many sessions run now. */
  get size() {
    return this._live.size;
  }

  /** The HTTP session named `id` (a promise of it while it starts), or undefined. */
  named(id) {
    return this._byId.get(id);
  }

  /** Opens the HTTP session `id` (its first body was an initialize). */
  openNamed(id) {
    const opening = this.open(`session ${id.slice(0, 8)}`, {
      onEnd: () => this._byId.get(id) === opening && this._byId.delete(id),
    });
    this._byId.set(id, opening);
    opening.catch(() => this._byId.get(id) === opening && this._byId.delete(id));
    return opening;
  }

  /**
   * A new session (its petflowd started) named `name` for the log. `onEnd(why)` runs when it
   * ends for any reason (its petflowd exited, idle, room made, the bridge stopping). Rejects
   * with a BridgeError: tooManySessions, cannotStart.
   */
  async open(name, { onEnd = () => {} } = {}) {
    if (this._closing)
      throw new BridgeError(BRIDGE_ERRORS.tooManySessions, 'the bridge is stopping');
    if (this._binary === null)
      throw new BridgeError(
        BRIDGE_ERRORS.cannotStart,
        'this server runs no petflowd (serve.mjs --no-daemon, or none was found): ' +
          'the pages run the engine in WebAssembly (?transport=wasm)',
      );
    this._makeRoom();
    this._starting += 1;
    let daemon;
    try {
      daemon = await this._startDaemon(this._binary, {
        answerTimeoutMs: this._answerTimeoutMs,
        log: this._log,
        args: this._daemonArgs,
      });
    } finally {
      this._starting -= 1;
    }
    const session = new Session(name, daemon, this._idleMs, (ended, why) => {
      this._live.delete(ended);
      this._log(`${name}: ended (${why}); petflowd ${daemon.pid} asked to exit`);
      onEnd(why);
    });
    this._live.add(session);
    const taken = `${this._live.size} of ${this._maxSessions} sessions`;
    this._log(`${name}: petflowd ${daemon.pid} started (${taken})`);
    return session;
  }

  /**
   * Frees a slot when every one is taken: ends the session idle longest, if one has nothing in
   * flight.
   */
  _makeRoom() {
    if (this._live.size + this._starting < this._maxSessions) return;
    let oldest = null;
    for (const session of this._live)
      if (!session.busy && (!oldest || session.lastUsed < oldest.lastUsed)) oldest = session;
    if (!oldest) {
      throw new BridgeError(
        BRIDGE_ERRORS.tooManySessions,
        `${this._maxSessions} sessions are busy (the limit, --max-sessions); ` +
          'try again when one is answered',
        { limit: this._maxSessions },
      );
    }
    oldest.end(`made room for a new session (--max-sessions ${this._maxSessions})`);
  }

  /** Ends every session. */
  async close() {
    this._closing = true;
    await Promise.all([...this._live].map((session) => session.end('the bridge is stopping')));
  }
}
