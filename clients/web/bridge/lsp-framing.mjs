// LSP base-protocol framing (Content-Length headers) between the bridge and petflowd: a body
// goes in as one frame whatever bytes it holds (newlines included), and each answer comes
// out as the exact bytes petflowd wrote.

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /^content-length:\s*(\d+)\s*$/im;

/** `body` (a Buffer) framed for petflowd's stdin. */
export function frame(body) {
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
}

/**
 * Cuts petflowd's stdout into answer bodies. `push(chunk)` returns the bodies completed by
 * that chunk, in order. Chunks are kept in a list and joined only when a frame is whole, so
 * a large answer arriving in many reads is copied once, not once per read.
 */
export class FrameReader {
  constructor() {
    this._chunks = [];
    this._length = 0;
    this._bodyLength = null; // known once the header of the frame in progress has been read
  }

  push(chunk) {
    this._chunks.push(chunk);
    this._length += chunk.length;
    const bodies = [];
    for (;;) {
      if (this._bodyLength === null) {
        const buffered = this._joined();
        const end = buffered.indexOf(HEADER_END);
        if (end === -1) break;
        const match = CONTENT_LENGTH.exec(buffered.subarray(0, end).toString('latin1'));
        // petflowd always writes Content-Length; anything else is not petflowd speaking.
        if (!match) throw new Error(`petflowd wrote a frame without Content-Length: ${JSON.stringify(buffered.subarray(0, 80).toString('latin1'))}`);
        this._bodyLength = Number(match[1]);
        this._keep(buffered.subarray(end + HEADER_END.length));
      }
      if (this._length < this._bodyLength) break;
      const buffered = this._joined();
      bodies.push(Buffer.from(buffered.subarray(0, this._bodyLength)));
      this._keep(buffered.subarray(this._bodyLength));
      this._bodyLength = null;
    }
    return bodies;
  }

  _joined() {
    if (this._chunks.length > 1) this._chunks = [Buffer.concat(this._chunks, this._length)];
    return this._chunks[0] ?? Buffer.alloc(0);
  }

  _keep(rest) {
    this._chunks = rest.length > 0 ? [rest] : [];
    this._length = rest.length;
  }
}
