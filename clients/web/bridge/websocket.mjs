// The server side of a WebSocket (RFC 6455), as much as a JSON-RPC transport needs: text messages
// (fragmented or not) passed on as the bytes received, ping, close, and a size limit. A keystroke
// over an open WebSocket skips what every fetch pays in the browser (about 3 ms here), so wsRpc()
// is the fast transport; the bridge checks Host and Origin before it accepts one.
import { createHash } from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_UNSUPPORTED = 1003;
const CLOSE_TOO_BIG = 1009;

function frame(opcode, payload) {
  const length = payload.length;
  let head;
  if (length < 126) head = Buffer.from([0x80 | opcode, length]);
  else if (length < 65536) head = Buffer.from([0x80 | opcode, 126, length >> 8, length & 255]);
  else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([head, payload]);
}

/** Answers a bad upgrade request with `status` and closes the socket. */
export function refuseUpgrade(socket, status, reason) {
  const head = `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nConnection: close`;
  socket.end(`${head}\r\n\r\n${status}: ${reason}\n`);
}

/**
 * Completes the handshake of an upgrade `request` on `socket` and calls `onMessage(body, send)` for
 * every text message, `body` its bytes as received (a Buffer); `send(bytes)` answers on the same
 * connection as one text message, and resolves once it is written. A message longer than
 * `maxMessageBytes` closes the connection with 1009 (too big). `onClose()` runs once the connection
 * has ended, however it ended. Answers `{close(code, reason)}`.
 */
export function acceptWebSocket(
  request,
  socket,
  head,
  { maxMessageBytes, onMessage, onClose = () => {} },
) {
  socket.once('close', onClose);
  const key = request.headers['sec-websocket-key'];
  if (
    request.headers.upgrade?.toLowerCase() !== 'websocket' ||
    request.headers['sec-websocket-version'] !== '13' ||
    !key
  ) {
    refuseUpgrade(socket, 400, 'expected a WebSocket version 13 handshake');
    return { close() {} };
  }
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  socket.setNoDelay(true);
  const switching = 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade';
  socket.write(`${switching}\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);

  // Resolves once the kernel has taken the frame (or the socket has gone).
  const send = (bytes) =>
    new Promise((resolve) =>
      socket.writable ? socket.write(frame(1, bytes), () => resolve()) : resolve(),
    );
  let closed = false;
  const close = (code, reason = '') => {
    if (closed) return;
    closed = true;
    // A close reason is at most 123 bytes (RFC 6455, 5.5: control frames carry 125).
    const text = Buffer.from(reason).subarray(0, 123);
    const payload = Buffer.alloc(2 + text.length);
    payload.writeUInt16BE(code);
    text.copy(payload, 2);
    socket.end(frame(8, payload));
  };
  // Frames arrive in any chunks; the chunks of an unfinished frame are kept in a list and
  // joined once, when the frame is whole (an 8 MiB message is not copied once per read).
  let chunks = head.length > 0 ? [Buffer.from(head)] : [];
  let buffered = head.length;
  let message = []; // the fragments of a message in progress
  let messageLength = 0;

  const joined = () => {
    if (chunks.length > 1) chunks = [Buffer.concat(chunks, buffered)];
    return chunks[0];
  };
  const read = () => {
    while (!closed && buffered >= 2) {
      const data = joined();
      const fin = (data[0] & 0x80) !== 0;
      const opcode = data[0] & 0x0f;
      if ((data[1] & 0x80) === 0) return close(CLOSE_PROTOCOL_ERROR); // clients must mask
      let length = data[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered < 4) return;
        length = data.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered < 10) return;
        const long = data.readBigUInt64BE(2);
        length = long > BigInt(maxMessageBytes) ? Infinity : Number(long);
        offset = 10;
      }
      if (messageLength + length > maxMessageBytes) return close(CLOSE_TOO_BIG);
      if (buffered < offset + 4 + length) return;
      const mask = data.subarray(offset, offset + 4);
      const payload = Buffer.from(data.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
      const rest = data.subarray(offset + 4 + length);
      chunks = rest.length > 0 ? [rest] : [];
      buffered = rest.length;
      if (opcode === 8) return close(1000); // the peer closes: close back
      if (opcode === 9) socket.write(frame(10, payload));
      else if (opcode === 1 || opcode === 0) {
        message.push(payload);
        messageLength += payload.length;
        if (fin) {
          const body = Buffer.concat(message, messageLength);
          message = [];
          messageLength = 0;
          onMessage(body, send);
        }
      } else if (opcode !== 10) return close(CLOSE_UNSUPPORTED); // binary or unknown
    }
  };
  socket.on('data', (chunk) => {
    chunks.push(chunk);
    buffered += chunk.length;
    read();
  });
  socket.on('error', () => socket.destroy());
  // A peer that goes away without a close frame: end our half too, so that 'close' follows.
  socket.on('end', () => socket.end());
  read();
  return { close };
}
