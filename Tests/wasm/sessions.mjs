// The differential test's machinery: one session of JSON-RPC bodies run through the release
// binary (spawned, NDJSON framing) or through petflow.wasm (loadEngine, in this process), each
// body's answers collected as the text written, flow ids masked.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadEngine } from '../../clients/web/lib/wasm-engine.js';

export const ROOT = new URL('../../', import.meta.url);
export const BINARY = process.env.PETFLOWD ?? new URL('.build/release/petflowd', ROOT).pathname;
export const MODULE = new URL('clients/web/petflow.wasm', ROOT);

/**
 * A request the binary answers after every body, so that the answers a body got are the
 * lines before it (none for a notification): an unknown method changes nothing.
 */
const PING_ID = 'differential-ping';
const PING = JSON.stringify({ jsonrpc: '2.0', id: PING_ID, method: 'differential/ping' });
const PING_ANSWER = new RegExp(`^\\{"jsonrpc":"2\\.0","id":"${PING_ID}",`);

/** Flow ids (a random prefix, then a counter) with the prefix masked: they differ by design. */
export const maskFlowIds = (text) => text.replace(/"f[0-9a-z]{7}-(\d+)"/g, '"f*******-$1"');

/** The binary, one session: `send(body)` resolves to the lines it wrote for that body. */
export class BinarySession {
  constructor(args = []) {
    this.child = spawn(BINARY, [...args, '--framing', 'ndjson'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.child.stdin.on('error', () => {}); // EPIPE after exit: the lines read say it all
    // A byte a character, so that a line is the bytes written (sendBytes), whatever they are.
    this.child.stdout.setEncoding('latin1');
    this.lines = [];
    this.ended = false;
    this.waiter = null;
    createInterface({ input: this.child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      this.lines.push(line);
      if (PING_ANSWER.test(line)) this.wake();
    });
    this.child.on('close', () => {
      this.ended = true;
      this.wake();
    });
  }

  wake() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  async send(body) {
    const lines = await this.sendBytes(Buffer.from(body));
    return lines.map((line) => line.toString());
  }

  /** `body` given as bytes (any, valid UTF-8 or not): the lines written for it, as bytes. */
  async sendBytes(body) {
    if (this.ended) return [];
    const answered = new Promise((resolve) => {
      this.waiter = resolve;
    });
    this.child.stdin.write(Buffer.concat([body, Buffer.from(`\n${PING}\n`)]));
    await answered;
    const lines = this.lines;
    this.lines = [];
    return lines
      .filter((line) => !PING_ANSWER.test(line))
      .map((line) => Buffer.from(line, 'latin1'));
  }

  close() {
    this.child.stdin.end();
    if (!this.ended) this.child.kill();
  }
}

let compiled;
/** The module, compiled once for every session. */
export async function compiledModule() {
  compiled ??= await WebAssembly.compile(readFileSync(MODULE));
  return compiled;
}

/** The module, one session: `send(body)` gives the lines petflowd would have written. */
export class ModuleSession {
  static async open(flowFiles = []) {
    const session = new ModuleSession();
    session.engine = await loadEngine({
      module: await compiledModule(),
      flowFiles,
      log: () => {},
    });
    return session;
  }

  async send(body) {
    const answer = this.engine.handle(body);
    return answer === null ? [] : [answer];
  }

  close() {}
}

/**
 * `template` with every `"{{name}}"` replaced by the JSON of `bindings[name]` (each side binds
 * its own: a flow id, an exported snapshot).
 */
export function substitute(template, bindings) {
  return template.replace(/"\{\{(\w+)\}\}"/g, (whole, name) =>
    name in bindings ? JSON.stringify(bindings[name]) : whole,
  );
}

/**
 * Structural equality of an answer with protocol.md's expected one, where an expected
 * `"{{name}}"` matches any value, binding it on first use (as ProtocolExamplesTests does).
 */
export function bindFromExpected(expected, actual, bindings) {
  if (typeof expected === 'string' && /^\{\{\w+\}\}$/.test(expected)) {
    const name = expected.slice(2, -2);
    if (!(name in bindings)) bindings[name] = actual;
    return;
  }
  if (expected && typeof expected === 'object' && actual && typeof actual === 'object')
    for (const key of Object.keys(expected)) bindFromExpected(expected[key], actual[key], bindings);
}

/** What a generated session's later bodies may name: the last flow id and exported snapshot. */
export function bindFromAnswer(answerText, bindings) {
  let answer;
  try {
    answer = JSON.parse(answerText);
  } catch {
    return;
  }
  const result = answer?.result;
  if (result && typeof result === 'object') {
    if (typeof result.flowId === 'string') bindings.flowId = result.flowId;
    if ('snapshotFormat' in result) bindings.snapshot = result;
  }
}
