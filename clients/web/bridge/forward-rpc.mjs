// Answers one HTTP body of JSON-RPC (a message or a batch) by forwarding each request to a
// petflowd client, so the page keeps its own ids while the client keeps its own.

/** Methods that belong to the bridge, not the page: one daemon is shared by every page. */
const LIFECYCLE = new Set(['initialize', 'shutdown', 'exit']);

/** A daemon exited (or could not start) before it answered; the bridge starts a new one. */
export const DAEMON_GONE = -32099;
/** The daemon did not answer within the client's timeout. */
export const DAEMON_TIMEOUT = -32098;

function failure(id, code, message, data) {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

/** The JSON-RPC error for a rejection of the Node client. */
function errorOf(id, error) {
  if (typeof error?.code === 'number') return failure(id, error.code, error.message, error.data);
  // The client refuses before sending what petflowd could never read (a lone surrogate).
  if (error?.name === 'UnsendableInputError') return failure(id, -32602, error.message, { parameter: error.path });
  if (error?.name === 'PetFlowTimeoutError') {
    return failure(id, DAEMON_TIMEOUT, `petflowd did not answer within ${error.timeout} ms`);
  }
  const data = error?.name === 'DaemonExitedError' ? { exitCode: error.exitCode, signal: error.signal } : undefined;
  return failure(id, DAEMON_GONE, `petflowd exited before answering; the bridge starts a new one (${error?.message ?? error})`, data);
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One message of the body: its answer, or null for a notification. */
async function answerOne(message, getClient) {
  if (!isObject(message)) return failure(null, -32600, 'Invalid request: a request must be an object');
  const hasId = 'id' in message;
  const { id = null, method, params } = message;
  if (hasId && id !== null && typeof id !== 'string' && typeof id !== 'number') {
    return failure(null, -32600, 'Invalid request: id must be a string, a number or null');
  }
  // JavaScript reads a number past 2^53 - 1 (or with a fraction) as a nearby double: the
  // answer would carry another id, so such an id is refused rather than changed.
  if (typeof id === 'number' && !Number.isSafeInteger(id)) {
    return failure(null, -32600, 'Invalid request: a number id must be a whole number within ±(2^53 - 1); send a larger one as a string');
  }
  if (message.jsonrpc !== '2.0' || typeof method !== 'string' || (params !== undefined && params !== null && typeof params !== 'object')) {
    return failure(id, -32600, 'Invalid request: jsonrpc must be "2.0", method a string, params an object or an array');
  }
  if (LIFECYCLE.has(method)) {
    if (!hasId) return null;
    return failure(id, -32601, `Method not found: ${method} belongs to the bridge, which owns the session`, { method });
  }
  const client = await getClient();
  if (!hasId) {
    client.notify(method, params);
    return null;
  }
  try {
    return { jsonrpc: '2.0', id, result: await client.request(method, params) };
  } catch (error) {
    return errorOf(id, error);
  }
}

/**
 * The answer to one POSTed body: the JSON text to send back, or null when nothing is
 * answered (only notifications). `getClient` is an async function giving the petflowd client.
 */
export async function forwardRpc(body, getClient) {
  let message;
  try {
    message = JSON.parse(body);
  } catch (error) {
    return JSON.stringify(failure(null, -32700, `Parse error: ${error.message}`));
  }
  if (!Array.isArray(message)) {
    const answer = await answerOne(message, getClient).catch((error) => errorOf(message?.id ?? null, error));
    return answer === null ? null : JSON.stringify(answer);
  }
  if (message.length === 0) return JSON.stringify(failure(null, -32600, 'Invalid request: empty batch'));
  const answers = await Promise.all(message.map((item) => answerOne(item, getClient).catch((error) => errorOf(item?.id ?? null, error))));
  const sent = answers.filter((answer) => answer !== null);
  return sent.length === 0 ? null : JSON.stringify(sent);
}
