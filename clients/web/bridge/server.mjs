// The HTTP side of the bridge: serves the web folder's pages and forwards JSON-RPC on /rpc
// (a POST, or the messages of a WebSocket) to petflowd. Listens on 127.0.0.1 only, with
// TCP_NODELAY and long keep-alive, because a keystroke's round trip is a few small writes.
import { readFile, realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DaemonPool, LOCALES } from './daemon-pool.mjs';
import { forwardRpc } from './forward-rpc.mjs';
import { allowedHosts, refusal } from './request-guards.mjs';
import { CONTENT_TYPES, fileFor } from './static-files.mjs';
import { acceptWebSocket, refuseUpgrade } from './websocket.mjs';

/** petflowd's default --max-message-bytes: a body the daemon would refuse is refused here (413). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // The pages load only their own scripts and styles; blob: is the photo preview.
  'Content-Security-Policy': "default-src 'self'; img-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
};

function send(response, status, type, body, extra = {}) {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...extra });
  response.end(body);
}

function refuse(response, status, reason, extra = {}) {
  send(response, status, 'text/plain; charset=utf-8', `${status}: ${reason}\n`, extra);
}

/** The request's body as text, or null once it has passed `limit` bytes (then stops reading). */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let length = 0;
    request.on('data', (chunk) => {
      length += chunk.length;
      if (length > limit) {
        request.removeAllListeners('data');
        request.pause();
        resolve(null);
      } else {
        chunks.push(chunk);
      }
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The locale a /rpc address asks for (?locale=pl), or null for one petflowd does not speak. */
function localeOf(url) {
  const locale = url.searchParams.get('locale') ?? LOCALES[0];
  return LOCALES.includes(locale) ? locale : null;
}

/** A WebSocket on /rpc: every text message is a JSON-RPC message or batch, answered in kind. */
function serveWebSocket(request, socket, head, hosts, pool, log) {
  const denied = refusal(request, hosts);
  if (denied !== null) return refuseUpgrade(socket, 403, denied);
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const locale = localeOf(url);
  if (url.pathname !== '/rpc' || locale === null) return refuseUpgrade(socket, 404, 'WebSockets are served on /rpc?locale=en|pl');
  acceptWebSocket(request, socket, head, {
    maxMessageBytes: MAX_BODY_BYTES,
    onMessage(text, send) {
      forwardRpc(text, () => pool.client(locale))
        .then((answer) => answer !== null && send(answer))
        .catch((error) => log(`bridge: WebSocket message failed: ${error.stack ?? error}`));
    },
  });
}

async function serveRpc(request, response, url, pool) {
  const locale = localeOf(url);
  if (locale === null) return refuse(response, 404, `no such locale; locales: ${LOCALES.join(', ')}`);
  if (request.method !== 'POST') return refuse(response, 405, 'POST JSON-RPC here', { Allow: 'POST' });
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return refuse(response, 415, 'send Content-Type: application/json');
  const tooLarge = () => refuse(response, 413, `a body may hold at most ${MAX_BODY_BYTES} bytes`, { Connection: 'close' });
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const body = await readBody(request, MAX_BODY_BYTES);
  if (body === null) return tooLarge();
  const answer = await forwardRpc(body, () => pool.client(locale));
  if (answer === null) {
    response.writeHead(204, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' });
    return response.end();
  }
  send(response, 200, 'application/json', answer, { 'Cache-Control': 'no-store' });
}

async function serveFile(request, response, url, root) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'only GET here', { Allow: 'GET, HEAD' });
  const file = fileFor(root, url.pathname);
  if (file === null) return refuse(response, 404, 'no such page');
  const body = await readFile(file);
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': CONTENT_TYPES[extname(file)],
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Starts the bridge on 127.0.0.1:`port` (0: any free port). Resolves to `{url, server, pool,
 * close()}` once it listens. `pool` is a DaemonPool (one is made from `binary` when absent).
 */
export async function startBridge({ port = 0, binary, pool, log = () => {} } = {}) {
  const root = await realpath(fileURLToPath(new URL('..', import.meta.url)));
  pool ??= new DaemonPool({ binary, log });
  let hosts = new Set();
  const server = createServer({ noDelay: true, keepAlive: true }, (request, response) => {
    const denied = refusal(request, hosts);
    if (denied !== null) return refuse(response, 403, denied);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const serve = url.pathname === '/rpc' ? serveRpc(request, response, url, pool) : serveFile(request, response, url, root);
    serve.catch((error) => {
      log(`bridge: ${request.method} ${url.pathname} failed: ${error.stack ?? error}`);
      if (!response.headersSent) refuse(response, 500, 'the bridge failed; see its stderr');
      else response.destroy();
    });
  });
  const webSockets = new Set(); // upgraded sockets, which close() must end itself
  server.on('upgrade', (request, socket, head) => {
    webSockets.add(socket);
    socket.once('close', () => webSockets.delete(socket));
    serveWebSocket(request, socket, head, hosts, pool, log);
  });
  // Without TCP_NODELAY every answer waits on Nagle's algorithm and the delayed ACK (~40 ms).
  server.on('connection', (socket) => socket.setNoDelay(true));
  // A page types for minutes on one connection; keep it open between keystrokes.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = server.address().port;
  hosts = allowedHosts(actualPort);
  return {
    url: `http://127.0.0.1:${actualPort}/`,
    server,
    pool,
    async close() {
      server.closeAllConnections?.();
      webSockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    },
  };
}
