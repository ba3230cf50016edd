// The petflowd processes a bridge talks to: one per page language (error messages, labels
// and titles come in the session's locale), each started on first use and again at once
// when it dies.
import { PetFlowClient } from '../../node/index.js';

/** The languages petflowd speaks; a page asks for one with /rpc?locale=pl. */
export const LOCALES = ['en', 'pl'];

/** A daemon that dies within this many milliseconds of starting is restarted this much later. */
const RESTART_DELAY_MS = 1000;

export class DaemonPool {
  /**
   * @param {{binary?: string, log?: (line: string) => void, spawn?: typeof PetFlowClient.spawn}} options
   *   `spawn` stands in for PetFlowClient.spawn (the benchmark's canned floor passes its own).
   */
  constructor({ binary, log = () => {}, spawn = (options) => PetFlowClient.spawn(options) } = {}) {
    this._binary = binary;
    this._log = log;
    this._spawn = spawn;
    this._clients = new Map(); // locale -> Promise<PetFlowClient>
    this._closing = false;
  }

  /** The client for `locale` (one of LOCALES), starting its daemon when there is none. */
  client(locale) {
    let client = this._clients.get(locale);
    if (client) return client;
    // The client's default timeout (10 s) stays: every call is answered at once, so only a
    // stuck daemon reaches it, while one that dies fails its calls at once.
    client = this._spawn({ path: this._binary, locale });
    this._clients.set(locale, client);
    const startedAt = Date.now();
    client.then(
      (started) => {
        this._log(`petflowd (${locale}) started, pid ${started.pid}`);
        started.exited?.then((how) => this._replace(locale, client, started, how, Date.now() - startedAt));
      },
      // A failed start is not kept: the next call tries again.
      () => this._clients.get(locale) === client && this._clients.delete(locale),
    );
    return client;
  }

  /** A daemon died: forget it and start another, at once, or after a second if it died young. */
  _replace(locale, client, started, { code, signal }, lifetime) {
    if (this._closing || this._clients.get(locale) !== client) return;
    this._clients.delete(locale);
    this._log(`petflowd (${locale}, pid ${started.pid}) exited (${signal ?? `status ${code}`})`);
    const restart = () => {
      if (this._closing || this._clients.has(locale)) return; // a call has started one already
      this.client(locale).catch((error) => this._log(`petflowd (${locale}) did not start again: ${error.message}`));
    };
    // One that cannot stay up is not restarted in a tight loop.
    if (lifetime < RESTART_DELAY_MS) setTimeout(restart, RESTART_DELAY_MS).unref();
    else restart();
  }

  /** Ends every daemon. */
  async close() {
    this._closing = true;
    const clients = [...this._clients.values()];
    this._clients.clear();
    await Promise.all(clients.map((client) => client.then((c) => c.close()).catch(() => {})));
  }
}
