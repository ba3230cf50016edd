// What the bridge reads of a body, and only to route it: whether it is a notification (or a
// batch of only notifications), answered 204 at once; whether it is `initialize`, which may
// open a session; and the id's own text, for an error the bridge answers itself. The body
// sent to petflowd is always the bytes received; nothing read here is written again.

/**
 * `{notificationsOnly, initialize, rawId}` for a body (a Buffer). `rawId` is the JSON text of
 * the request's id exactly as sent (`12345678901234567890` stays that), or "null" when
 * there is none to echo (a batch, a notification, a body that is not JSON).
 */
export function routeOf(body) {
  let message;
  const text = body.toString('utf8');
  try {
    message = JSON.parse(text);
  } catch {
    // Not JSON: petflowd answers -32700.
    return { notificationsOnly: false, initialize: false, rawId: 'null' };
  }
  if (Array.isArray(message)) {
    return {
      notificationsOnly: message.length > 0 && message.every(isNotification),
      initialize: message.some((item) => isRequest(item) && item.method === 'initialize'),
      rawId: 'null',
    };
  }
  return {
    notificationsOnly: isNotification(message),
    initialize: isRequest(message) && message.method === 'initialize',
    rawId: isRequest(message) ? (rawIdOf(text) ?? 'null') : 'null',
  };
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON-RPC notification: a request without an `id` member (never answered). */
function isNotification(message) {
  return isObject(message) && !('id' in message) && typeof message.method === 'string';
}

function isRequest(message) {
  return isObject(message) && 'id' in message && typeof message.method === 'string';
}

const WHITESPACE = /[ \t\n\r]*/y;
const SCALAR = /[^,\]}\s]+/y;

function skipWhitespace(text, at) {
  WHITESPACE.lastIndex = at;
  WHITESPACE.exec(text);
  return WHITESPACE.lastIndex;
}

function endOfString(text, at) {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

function endOfValue(text, at) {
  if (text[at] === '"') return endOfString(text, at);
  if (text[at] !== '{' && text[at] !== '[') {
    SCALAR.lastIndex = at;
    SCALAR.exec(text);
    return SCALAR.lastIndex;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = endOfString(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * The text of the top-level `id` member of `text`, a JSON object JSON.parse has accepted (so
 * the scan needs no error handling); the last one wins, as in JSON.parse and petflowd.
 */
function rawIdOf(text) {
  let id = null;
  let at = skipWhitespace(text, 0) + 1; // past '{'
  for (;;) {
    at = skipWhitespace(text, at);
    if (text[at] !== '"') return id; // '}': the end
    const keyEnd = endOfString(text, at);
    const key = JSON.parse(text.slice(at, keyEnd));
    at = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1); // past ':'
    const valueEnd = endOfValue(text, at);
    if (key === 'id') id = text.slice(at, valueEnd);
    at = skipWhitespace(text, valueEnd);
    if (text[at] === ',') at++;
  }
}
