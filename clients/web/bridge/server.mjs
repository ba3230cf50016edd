// The HTTP side of the bridge: serves the web folder's pages and passes JSON-RPC bodies on
// /rpc (a POST, or the messages of a WebSocket) to the session's own petflowd, byte for
// byte, and its answers back byte for byte. Listens on 127.0.0.1 only, with TCP_NODELAY and
// long keep-alive, because a keystroke's round trip is a few small writes.
import { readFile, realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRIDGE_ERRORS, BridgeError, errorAnswer } from './bridge-errors.mjs';
import { routeOf } from './body-route.mjs';
import { ConnectionQueue } from './connection-queue.mjs';
import { flowRoute } from './flow-routes.mjs';
import { allowedHosts, refusal } from './request-guards.mjs';
import { Sessions } from './sessions.mjs';
import { CONTENT_TYPES, fileFor } from './static-files.mjs';
import { acceptWebSocket, refuseUpgrade } from './websocket.mjs';

/** petflowd's default --max-message-bytes: a body the daemon would refuse is refused here (413). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The bridge's limits and their defaults (serve.mjs takes each as a flag). */
export const DEFAULTS = {
  maxSessions: 16,
  idleSeconds: 600,
  answerTimeoutSeconds: 10,
  maxQueue: 64,
  maxQueueBytes: 16 * 1024 * 1024,
};

/** The header that names an HTTP page session (the page makes it up: a random token). */
const SESSION_HEADER = 'petflow-session';
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // Isolated from other origins' windows and resources (the pages load only their own): then
  // performance.now() measures in microseconds, not tenths of a millisecond, which the
  // browser benchmark needs for a keystroke answered inside the page.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  // The pages load only their own scripts and styles; blob: is the photo preview;
  // 'wasm-unsafe-eval' lets them compile petflow.wasm (and evaluate no other code).
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "img-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
};

function send(response, status, type, body, extra = {}) {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    ...extra,
  });
  response.end(body);
}

function refuse(response, status, reason, extra = {}) {
  send(response, status, 'text/plain; charset=utf-8', `${status}: ${reason}\n`, extra);
}

/**
 * The request's body as a Buffer, or null once it has passed `limit` bytes (then stops reading).
 */
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
    request.on('end', () => resolve(Buffer.concat(chunks, length)));
    request.on('error', reject);
  });
}

/**
 * Null when a Content-Type is JSON in UTF-8 (no charset says UTF-8, as RFC 8259 has it),
 * else why not: the body goes to petflowd as bytes, and petflowd reads UTF-8 only.
 */
function contentTypeProblem(header = '') {
  const [type, ...parameters] = header.split(';').map((part) => part.trim());
  if (type.toLowerCase() !== 'application/json') return 'send Content-Type: application/json';
  for (const parameter of parameters) {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    const charset = value.replace(/^"(.*)"$/, '$1').toLowerCase();
    if (name.toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      return `petflowd reads UTF-8 only, not charset=${value}`;
    }
  }
  return null;
}

/**
 * Passes one body to the session `session(route)` gives and answers through `reply(answer)`
 * (a Buffer, or null for none; it resolves once the answer has been handed to the
 * connection's socket). The body keeps its place in the connection's queue until then, not
 * only until petflowd has answered: a page that sends without reading its answers is
 * refused once its queue is full, and the bridge never holds more than the queue's worth.
 * A notification is not waited for.
 */
async function pass(body, session, queue, reply) {
  const route = routeOf(body);
  if (!queue.take(body.length)) {
    await reply(
      route.notificationsOnly
        ? null
        : errorAnswer(route.rawId, BRIDGE_ERRORS.queueFull, `Queue full: ${queue.describe()}`),
    );
    return;
  }
  try {
    let target;
    try {
      target = await session(route);
    } catch (error) {
      await reply(route.notificationsOnly ? null : answerOf(error, route.rawId));
      return;
    }
    const answered = target.send(body);
    if (route.notificationsOnly) {
      // 204 at once; whatever petflowd says to it (nothing, as a rule) is dropped.
      await Promise.all([reply(null), answered.catch(() => {})]);
      return;
    }
    let answer;
    try {
      answer = (await answered)[0] ?? null;
    } catch (error) {
      answer = answerOf(error, route.rawId);
    }
    await reply(answer);
  } finally {
    queue.give(body.length);
  }
}

function answerOf(error, rawId) {
  if (error instanceof BridgeError) return error.answer(rawId);
  throw error;
}

/** A WebSocket on /rpc: one session, its petflowd started with the connection. */
async function serveWebSocket(request, socket, head, { hosts, sessions, limits, log, counter }) {
  const denied = refusal(request, hosts);
  if (denied !== null) return refuseUpgrade(socket, 403, denied);
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== '/rpc') return refuseUpgrade(socket, 404, 'WebSockets are served on /rpc');
  let session;
  let connection = null;
  try {
    session = await sessions.open(`WebSocket ${++counter.webSockets}`, {
      // The connection is the session: when it ends, so does the other.
      onEnd: (why) => connection?.close(why.startsWith('petflowd exited') ? 1011 : 1001, why),
    });
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error;
    return refuseUpgrade(socket, 503, error.message);
  }
  if (socket.destroyed) return session.end('the connection closed while petflowd started');
  const queue = new ConnectionQueue(limits);
  connection = acceptWebSocket(request, socket, head, {
    maxMessageBytes: MAX_BODY_BYTES,
    onMessage(body, sendText) {
      pass(
        body,
        async () => session,
        queue,
        (answer) => (answer === null ? undefined : sendText(answer)),
      ).catch((error) => log(`bridge: WebSocket message failed: ${error.stack ?? error}`));
    },
    onClose() {
      session.end('the WebSocket closed');
    },
  });
}

/** The session an HTTP body goes to: the one its Petflow-Session names, or a one-shot. */
function httpSession(request, sessions, counter) {
  const id = request.headers[SESSION_HEADER];
  return async (route) => {
    if (id === undefined) {
      // No session: a petflowd for this one body, ended once it has answered.
      const session = await sessions.open(`one-shot ${++counter.oneShots}`);
      return {
        send: (body) => session.send(body).finally(() => session.end('one-shot body answered')),
      };
    }
    const existing = sessions.named(id);
    if (existing) return existing;
    if (route.initialize) return sessions.openNamed(id);
    throw new BridgeError(
      BRIDGE_ERRORS.noSession,
      'No session: this Petflow-Session has ended (idle, or its petflowd exited) or was never ' +
        'opened; send initialize to open it',
    );
  };
}

async function serveRpc(request, response, { sessions, limits, queues, counter }) {
  if (request.method !== 'POST')
    return refuse(response, 405, 'POST JSON-RPC here', { Allow: 'POST' });
  const typeProblem = contentTypeProblem(request.headers['content-type']);
  if (typeProblem !== null) return refuse(response, 415, typeProblem);
  const id = request.headers[SESSION_HEADER];
  if (id !== undefined && !SESSION_ID.test(id))
    return refuse(response, 400, 'Petflow-Session must be 8 to 64 letters, digits, - or _');
  const tooLarge = () =>
    refuse(response, 413, `a body may hold at most ${MAX_BODY_BYTES} bytes`, {
      Connection: 'close',
    });
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const body = await readBody(request, MAX_BODY_BYTES);
  if (body === null) return tooLarge();
  // One queue per connection: keep-alive connections carry many bodies, pipelined or not.
  let queue = queues.get(request.socket);
  if (!queue) {
    queue = new ConnectionQueue(limits);
    queues.set(request.socket, queue);
  }
  await pass(body, httpSession(request, sessions, counter), queue, (answer) => {
    const written = new Promise((resolve) => {
      response.once('finish', resolve);
      response.once('close', resolve);
    });
    if (answer === null) {
      response.writeHead(204, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' });
      response.end();
    } else {
      send(response, 200, 'application/json', answer, { 'Cache-Control': 'no-store' });
    }
    return written;
  });
}

async function serveFile(request, response, url, root, flowsDirectory) {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return refuse(response, 405, 'only GET here', { Allow: 'GET, HEAD' });
  const flows = flowRoute(flowsDirectory, url.pathname);
  if (flows?.missing) return refuse(response, 404, 'no such flow file');
  const file = flows ? flows.file : fileFor(root, url.pathname);
  if (file === null) return refuse(response, 404, 'no such page');
  const body = flows?.list ? Buffer.from(JSON.stringify(flows.list)) : await readFile(file);
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': flows ? 'application/json' : CONTENT_TYPES[extname(file)],
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Starts the bridge on 127.0.0.1:`port` (0: any free port), running `binary` (with `daemonArgs`)
 * for each session (null: no petflowd, every session refused with `cannotStart`);
 * `flowsDirectory`: the flow files served to the pages (flow-routes.mjs), or null; `limits`: any
 * of DEFAULTS; `startDaemon` stands in for DaemonProcess.start (the benchmark's canned floor).
 * Resolves to `{url, server, sessions, close()}` once it listens.
 */
export async function startBridge({
  port = 0,
  binary,
  daemonArgs = [],
  flowsDirectory = null,
  log = () => {},
  startDaemon,
  ...given
} = {}) {
  const root = await realpath(fileURLToPath(new URL('..', import.meta.url)));
  const limits = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
  };
  const sessions = new Sessions({
    binary,
    daemonArgs,
    maxSessions: limits.maxSessions,
    idleMs: limits.idleSeconds * 1000,
    answerTimeoutMs: limits.answerTimeoutSeconds * 1000,
    log,
    startDaemon,
  });
  const queueLimits = { maxBodies: limits.maxQueue, maxBytes: limits.maxQueueBytes };
  const queues = new WeakMap(); // HTTP connection -> its ConnectionQueue
  const counter = { webSockets: 0, oneShots: 0 };
  let hosts = new Set();
  const server = createServer({ noDelay: true, keepAlive: true }, (request, response) => {
    const denied = refusal(request, hosts);
    if (denied !== null) return refuse(response, 403, denied);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const serve =
      url.pathname === '/rpc'
        ? serveRpc(request, response, { sessions, limits: queueLimits, queues, counter })
        : serveFile(request, response, url, root, flowsDirectory);
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
    serveWebSocket(request, socket, head, {
      hosts,
      sessions,
      limits: queueLimits,
      log,
      counter,
    }).catch((error) => {
      log(`bridge: WebSocket upgrade failed: ${error.stack ?? error}`);
      socket.destroy();
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
    sessions,
    async close() {
      server.closeAllConnections?.();
      for (const socket of webSockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await sessions.close();
    },
  };
}
