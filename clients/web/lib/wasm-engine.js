// loadEngine: petflowd's engine as a WebAssembly module (petflow.wasm, scripts/build-wasm),
// run in this process: a JSON-RPC body in, the body petflowd would write out, synchronously.
// The same file runs in the browser and in Node 20 (the Node package ships it as its
// lib/wasm-engine.js), so it imports nothing. The module's interface is its exports
// petflow_buffer, petflow_add_flow_file, petflow_start, petflow_handle, petflow_reply and
// petflow_exit_status, and the imports today, random and log that it asks the host for.

/** The JSON-RPC code of the answer to a call during which the module trapped. */
export const INTERNAL_ERROR = -32603;

/** A body of at most this many UTF-16 units is encoded into a buffer 3 times as long. */
const SMALL_BODY = 16_384;
/** crypto.getRandomValues fills at most this many bytes a call. */
const RANDOM_CHUNK = 65_536;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `date` as the `today` import answers it: year*10000 + month*100 + day, local time. */
function dayNumber(date) {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return 0;
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

/** The bytes of a flow file given as text, bytes, a Response or a URL (fetched). */
async function flowFileBytes(file) {
  const given = await file;
  if (typeof given === 'string') return encoder.encode(given);
  if (given instanceof Uint8Array) return given;
  if (ArrayBuffer.isView(given))
    return new Uint8Array(given.buffer, given.byteOffset, given.byteLength);
  if (given instanceof ArrayBuffer) return new Uint8Array(given);
  if (given instanceof URL || isResponse(given))
    return new Uint8Array(await (await fetched(given)).arrayBuffer());
  throw new TypeError('a flow file is its text, its bytes, a Response or a URL to fetch');
}

/** `flowFiles` as an array; a single file or anything else that is not a list is refused. */
function listOf(flowFiles) {
  if (typeof flowFiles === 'string' || typeof flowFiles?.[Symbol.iterator] !== 'function')
    throw new TypeError('flowFiles is a list of flow files, or a promise of one');
  return [...flowFiles];
}

const isResponse = (value) => typeof Response !== 'undefined' && value instanceof Response;

/** `source` (a Response or a URL) as an OK Response; a file: URL is read from disk (Node). */
async function fetched(source) {
  if (isResponse(source)) {
    if (!source.ok)
      throw new Error(`${source.url || 'the response'} answered HTTP ${source.status}`);
    return source;
  }
  const url = new URL(source, globalThis.location?.href);
  if (url.protocol === 'file:') {
    // Node's fetch reads no files; a browser never gets here with a file: URL it may read.
    const { readFile } = await import('node:fs/promises');
    return new Response(await readFile(url), { headers: { 'Content-Type': 'application/wasm' } });
  }
  return fetched(await fetch(url));
}

/** The compiled module from bytes, a Response, a URL (or its text) or a WebAssembly.Module. */
async function compile(module) {
  const given = await module;
  if (given instanceof WebAssembly.Module) return given;
  if (given instanceof ArrayBuffer || ArrayBuffer.isView(given)) return WebAssembly.compile(given);
  if (typeof given !== 'string' && !(given instanceof URL) && !isResponse(given))
    throw new TypeError('module is the bytes of petflow.wasm, a Response or a URL');
  const response = await fetched(given);
  // Streaming compiles while the bytes arrive, but only a response served as
  // application/wasm; any other is compiled once read whole.
  if (response.headers.get('Content-Type')?.startsWith('application/wasm'))
    return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Why a module's files were refused: `problems` as `petflowd check-flows` prints them. */
export class FlowFilesError extends Error {
  constructor(problems) {
    super(`the flow files are not sound:\n${problems}`);
    this.name = 'FlowFilesError';
    this.problems = problems;
  }
}

/**
 * The answer petflowd would give to `bodyText` had it failed inside: -32603 for the request's
 * id (each request's, for a batch), or null when nothing in it expects an answer.
 */
function internalErrorAnswer(bodyText, error, what) {
  const message = `Internal error: ${what} (${error})`;
  const answer = (id) => ({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message } });
  let body;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return JSON.stringify(answer(null));
  }
  if (!Array.isArray(body)) return body && 'id' in body ? JSON.stringify(answer(body.id)) : null;
  const answers = body.filter((item) => item && 'id' in item).map((item) => answer(item.id));
  return answers.length > 0 ? JSON.stringify(answers) : null;
}

/** Whether `bodyText` is one initialize request (the one a fresh instance is sent again). */
function isInitialize(bodyText) {
  if (!bodyText.includes('"initialize"')) return false; // a keystroke is not parsed twice
  try {
    const body = JSON.parse(bodyText);
    return body?.method === 'initialize' && 'id' in body;
  } catch {
    return false;
  }
}

/**
 * Loads petflow.wasm and starts a session in it, as `petflowd --flows` would with these flow
 * files. `module`: its bytes, a Response, a URL, or a compiled WebAssembly.Module; `flowFiles`:
 * each a file's text or bytes (or a Response or URL to fetch), the list itself or a promise of
 * it; `log(line)`: what petflowd writes on stderr (default console.debug); `today()`: the Date
 * that is today (default the local date).
 * Rejects with FlowFilesError when a file is not sound.
 *
 * The engine's `handle(bodyText)` answers one JSON-RPC message body (request, notification or
 * batch) with the body petflowd would write, or null where it would write nothing. When the
 * module traps (or a host function throws inside it), that call is answered with -32603 and
 * the next one is handled by a fresh instance, given the same files and sent the last
 * initialize this engine handled.
 */
export async function loadEngine({
  module,
  flowFiles = [],
  log = (line) => console.debug(line),
  today = () => new Date(),
} = {}) {
  const [compiled, files] = await Promise.all([
    compile(module),
    // The list may still be on its way (a page asking its server which files there are):
    // the module compiles meanwhile.
    Promise.resolve(flowFiles).then((list) => Promise.all(listOf(list).map(flowFileBytes))),
  ]);
  let exports = null; // the running instance's, or null after a trap
  let lastInitialize = null;
  let restarts = 0;

  const bytesAt = (address, length) => new Uint8Array(exports.memory.buffer, address, length);
  const imports = {
    petflow: {
      today: () => dayNumber(today()),
      random: (address, length) => {
        for (let at = 0; at < length; at += RANDOM_CHUNK)
          crypto.getRandomValues(bytesAt(address + at, Math.min(RANDOM_CHUNK, length - at)));
      },
      log: (address, length) => log(decoder.decode(bytesAt(address, length))),
    },
  };

  /** Writes `bytes` into the module's input buffer; false when its memory cannot grow so far. */
  const put = (bytes) => {
    const address = exports.petflow_buffer(bytes.length);
    if (address === 0) return false;
    bytesAt(address, bytes.length).set(bytes);
    return true;
  };
  const reply = (length) => decoder.decode(bytesAt(exports.petflow_reply(), length));

  const instantiate = () => {
    // Synchronous: the module is compiled already, and far below the size browsers refuse
    // to instantiate on the main thread.
    exports = new WebAssembly.Instance(compiled, imports).exports;
    for (const file of files) {
      if (!put(file))
        throw new RangeError(`petflow.wasm has no room for a ${file.length}-byte file`);
      exports.petflow_add_flow_file(file.length);
    }
    const problems = exports.petflow_start();
    if (problems > 0) throw new FlowFilesError(reply(problems));
  };

  const call = (bodyText) => {
    // A small body (a keystroke's) is encoded straight into the module's buffer, given room
    // for the longest UTF-8 a string of its length can be (3 bytes a UTF-16 unit): no copy in
    // between. A large one is measured first: the buffer, kept for later calls, grows only as
    // far as it must, since a module's memory never shrinks.
    const encoded = bodyText.length > SMALL_BODY ? encoder.encode(bodyText) : null;
    const room = encoded ? encoded.length : bodyText.length * 3;
    const address = exports.petflow_buffer(room);
    if (address === 0) {
      // Nothing went wrong inside: the instance stays, and only this body is refused.
      const why = new RangeError(`no room for a body of ${room} bytes`);
      return internalErrorAnswer(bodyText, why, 'petflow.wasm cannot grow its memory');
    }
    let length = room;
    if (encoded) bytesAt(address, room).set(encoded);
    else length = encoder.encodeInto(bodyText, bytesAt(address, room)).written;
    const answered = exports.petflow_handle(length);
    return answered < 0 ? null : reply(answered);
  };

  /** A fresh instance, sent the last initialize this engine handled. */
  const restart = () => {
    instantiate();
    restarts += 1;
    if (lastInitialize !== null) call(lastInitialize);
  };

  instantiate();
  return {
    handle(bodyText) {
      try {
        if (exports === null) restart();
        const answer = call(bodyText);
        if (answer !== null && isInitialize(bodyText) && 'result' in JSON.parse(answer))
          lastInitialize = bodyText;
        return answer;
      } catch (error) {
        exports = null; // whatever it was in the middle of, the instance is not to be trusted
        log(`petflow.wasm: ${error}; a fresh instance answers the next call`);
        return internalErrorAnswer(bodyText, error, 'petflow.wasm trapped');
      }
    },
    /**
     * Starts the session afresh (after `exit`, say): a new instance with the same flow files,
     * sent the last initialize this engine handled.
     */
    restart,
    /** null while the session runs; after `exit`, the status petflowd would end with. */
    get exitStatus() {
      const status = exports?.petflow_exit_status() ?? -1;
      return status < 0 ? null : status;
    },
    /** The running instance's linear memory (a fresh instance has a memory of its own). */
    get memory() {
      return exports?.memory ?? null;
    },
    /** How many fresh instances were made (after traps and restart()). */
    get restarts() {
      return restarts;
    },
  };
}
