// LSP base-protocol framing (Content-Length headers) between the bridge and petflowd: a body
// goes in as one frame whatever bytes it holds (newlines included), and each answer comes
// out as the exact bytes petflowd wrote.

const LF = 10;
const COLON = 58;
const LENGTH_NAME = Buffer.from('content-length');

/** `body` (a Buffer) framed for petflowd's stdin. */
export function frame(body) {
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
}

/**
 * The Content-Length of the header block in `bytes[start, end)` (its lines, without the
 * blank line), or -1. Read byte by byte, names without regard to case: a keystroke's answer
 * is read in microseconds, without a string or a regular expression made for it.
 */
function contentLength(bytes, start, end) {
  let line = start;
  while (line < end) {
    let lineEnd = bytes.indexOf(LF, line);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const colon = bytes.indexOf(COLON, line);
    if (colon !== -1 && colon < lineEnd && colon - line === LENGTH_NAME.length) {
      let same = true;
      for (let i = 0; i < LENGTH_NAME.length && same; i++)
        same = (bytes[line + i] | 0x20) === LENGTH_NAME[i];
      if (same) {
        let value = 0;
        let digits = 0;
        for (let i = colon + 1; i < lineEnd; i++) {
          const byte = bytes[i];
          if (byte >= 48 && byte <= 57) {
            value = value * 10 + (byte - 48);
            digits += 1;
          }
        }
        if (digits > 0) return value;
      }
    }
    line = lineEnd + 1;
  }
  return -1;
}

/**
 * Cuts petflowd's stdout into answer bodies. `push(chunk)` returns the bodies completed by
 * that chunk, in order (views of the chunks, never copied when a frame lies within one).
 * The chunks of an unfinished frame are kept in a list and joined once the frame is whole,
 * so a large answer arriving in many reads is copied once, not once per read.
 */
export class FrameReader {
  constructor() {
    this._buffered = null; // the bytes not yet cut into bodies, joined
    this._chunks = []; // chunks that arrived after them, not yet joined
    this._length = 0;
    this._needed = 0; // bytes that must be there before a frame can be cut
  }

  push(chunk) {
    if (this._buffered === null && this._chunks.length === 0) this._buffered = chunk;
    else this._chunks.push(chunk);
    this._length += chunk.length;
    if (this._length < this._needed) return [];
    if (this._chunks.length > 0) {
      this._buffered = Buffer.concat(
        this._buffered ? [this._buffered, ...this._chunks] : this._chunks,
        this._length,
      );
      this._chunks = [];
    }
    const bytes = this._buffered;
    const bodies = [];
    let at = 0;
    for (;;) {
      // The header block ends at the first blank line: petflowd writes "\r\n\r\n".
      const blank = bytes.indexOf('\r\n\r\n', at);
      if (blank === -1) break;
      const length = contentLength(bytes, at, blank);
      // petflowd always writes Content-Length; anything else is not petflowd speaking.
      if (length === -1) {
        const header = JSON.stringify(bytes.subarray(at, blank).toString('latin1'));
        throw new Error(`petflowd wrote a frame without Content-Length: ${header}`);
      }
      const start = blank + 4;
      if (bytes.length - start < length) {
        this._needed = start - at + length;
        break;
      }
      bodies.push(bytes.subarray(start, start + length));
      at = start + length;
      this._needed = 0;
    }
    this._buffered = at === bytes.length ? null : bytes.subarray(at);
    this._length = bytes.length - at;
    // A header is still coming.
    if (this._needed === 0 && this._length > 0) this._needed = this._length + 1;
    return bodies;
  }
}
