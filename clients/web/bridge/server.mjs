// The HTTP side of the bridge: serves the web folder's pages and forwards POST /rpc to
// petflowd. Listens on 127.0.0.1 only, with TCP_NODELAY and long keep-alive, because a
// keystroke's round trip is a few small writes on one connection.
import { readFile, realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DaemonPool, LOCALES } from './daemon-pool.mjs';
import { forwardRpc } from './forward-rpc.mjs';
import { allowedHosts, refusal } from './request-guards.mjs';
import { CONTENT_TYPES, fileFor } from './static-files.mjs';

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

async function serveRpc(request, response, url, pool) {
  const locale = url.searchParams.get('locale') ?? LOCALES[0];
  if (!LOCALES.includes(locale)) return refuse(response, 404, `no locale '${locale}'; locales: ${LOCALES.join(', ')}`);
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
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    },
  };
}
