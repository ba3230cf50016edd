// The server side of a WebSocket (RFC 6455), as much as a JSON-RPC transport needs: text
// messages (fragmented or not), ping, close, and a size limit. A keystroke over an open
// WebSocket skips what every fetch pays in the browser (about 3 ms here), so wsRpc() is
// the fast transport; the bridge checks Host and Origin before it accepts one.
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
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${status}: ${reason}\n`);
}

/**
 * Completes the handshake of an upgrade `request` on `socket` and calls `onMessage(text,
 * send)` for every text message; `send(text)` answers on the same connection. A message
 * longer than `maxMessageBytes` closes the connection with 1009 (too big).
 */
export function acceptWebSocket(request, socket, head, { maxMessageBytes, onMessage }) {
  const key = request.headers['sec-websocket-key'];
  if (request.headers.upgrade?.toLowerCase() !== 'websocket' || request.headers['sec-websocket-version'] !== '13' || !key) {
    return refuseUpgrade(socket, 400, 'expected a WebSocket version 13 handshake');
  }
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.setNoDelay(true);
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);

  const send = (text) => socket.writable && socket.write(frame(1, Buffer.from(text, 'utf8')));
  const close = (code) => {
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    socket.end(frame(8, payload));
  };
  let buffered = head.length > 0 ? Buffer.from(head) : Buffer.alloc(0);
  let message = []; // the fragments of a message in progress
  let messageLength = 0;
  let closed = false;

  const read = () => {
    while (!closed && buffered.length >= 2) {
      const fin = (buffered[0] & 0x80) !== 0;
      const opcode = buffered[0] & 0x0f;
      if ((buffered[1] & 0x80) === 0) return fail(CLOSE_PROTOCOL_ERROR); // clients must mask
      let length = buffered[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return;
        const long = buffered.readBigUInt64BE(2);
        length = long > BigInt(maxMessageBytes) ? Infinity : Number(long);
        offset = 10;
      }
      if (messageLength + length > maxMessageBytes) return fail(CLOSE_TOO_BIG);
      if (buffered.length < offset + 4 + length) return;
      const mask = buffered.subarray(offset, offset + 4);
      const payload = Buffer.from(buffered.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
      buffered = buffered.subarray(offset + 4 + length);
      if (opcode === 8) return fail(1000); // the peer closes: close back
      if (opcode === 9) socket.write(frame(10, payload));
      else if (opcode === 1 || opcode === 0) {
        message.push(payload);
        messageLength += payload.length;
        if (fin) {
          const text = Buffer.concat(message).toString('utf8');
          message = [];
          messageLength = 0;
          onMessage(text, send);
        }
      } else if (opcode !== 10) return fail(CLOSE_UNSUPPORTED); // binary or unknown
    }
  };
  const fail = (code) => {
    closed = true;
    close(code);
  };
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    read();
  });
  socket.on('error', () => socket.destroy());
  read();
}
