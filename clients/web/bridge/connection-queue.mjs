// The bound on what one connection (a WebSocket, or an HTTP connection that pipelines) may
// have waiting for answers, or for answers to be written to it: a page that sends faster
// than petflowd answers, or than it reads, gets a bridge error for each body past it, and
// the bridge's memory stays bounded whatever it does.

export class ConnectionQueue {
  /** At most `maxBodies` bodies and `maxBytes` bytes waiting at once. */
  constructor({ maxBodies, maxBytes }) {
    this._maxBodies = maxBodies;
    this._maxBytes = maxBytes;
    this._bodies = 0;
    this._bytes = 0;
  }

  /** Takes a place for a body of `length` bytes: false when the queue is full. */
  take(length) {
    // A body alone may be as large as the bridge accepts at all (413 is for larger ones).
    if (
      this._bodies >= this._maxBodies ||
      (this._bodies > 0 && this._bytes + length > this._maxBytes)
    )
      return false;
    this._bodies += 1;
    this._bytes += length;
    return true;
  }

  /** Gives back the place of a body of `length` bytes, once its answer has been written. */
  give(length) {
    this._bodies -= 1;
    this._bytes -= length;
  }

  /** Why a body was refused, for its error message. */
  describe() {
    const limits = `--max-queue ${this._maxBodies}, --max-queue-bytes ${this._maxBytes}`;
    const waiting = `${this._bodies} bodies (${this._bytes} bytes)`;
    return `the connection has ${waiting} waiting for their answers, the limit (${limits})`;
  }
}
