// The module against the release binary (wasm-build.sh): the same bodies through both, the
// same answers; then a long session whose linear memory must not grow once warm.
// Usage: node wasm-smoke.mjs MODULE BINARY
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [modulePath, binary] = process.argv.slice(2);

async function instantiate() {
  let memory;
  const logs = [];
  const bytes = (address, length) => new Uint8Array(memory.buffer, address, length);
  const imports = {
    petflow: {
      today: () => 20261127,
      random: (address, length) => crypto.getRandomValues(bytes(address, length)),
      log: (address, length) => logs.push(new TextDecoder().decode(bytes(address, length))),
    },
  };
  const { instance } = await WebAssembly.instantiate(readFileSync(modulePath), imports);
  const exports = instance.exports;
  memory = exports.memory;
  const status = exports.petflow_start();
  if (status !== 0) throw new Error(`petflow_start answered ${status}`);
  const handle = (body) => {
    const input = new TextEncoder().encode(body);
    const address = exports.petflow_buffer(input.length);
    if (address === 0) throw new Error('petflow_buffer answered 0');
    bytes(address, input.length).set(input);
    const length = exports.petflow_handle(input.length);
    if (length < 0) return null;
    return new TextDecoder().decode(bytes(exports.petflow_reply(), length));
  };
  return { handle, memory, exports, logs };
}

// The binary's answers to `bodies`, one line each (NDJSON framing).
async function daemonAnswers(bodies) {
  const daemon = spawn(binary, ['--framing', 'ndjson'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: daemon.stdout })[Symbol.asyncIterator]();
  const answers = [];
  for (const body of bodies) {
    daemon.stdin.write(`${body}\n`);
    answers.push((await lines.next()).value);
  }
  daemon.stdin.end();
  return answers;
}

const request = (id, method, params) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const chipEdit = (id, text, caret, typed) =>
  request(id, 'field/edit', {
    field: 'chipNumber',
    text,
    selection: { start: caret, end: caret },
    edit: { type: 'insert', text: typed },
  });
const bodies = [
  request(1, 'initialize', { locale: 'pl-PL', today: '2026-11-27' }),
  chipEdit(2, '98514100', 8, '5'),
  chipEdit(3, '98514-1001234', 13, '7'),
  // Integers past 2^31 (Int is 32 bits in the module) and at 2^53 - 1.
  request(4, 'field/validate', {
    field: 'photo',
    value: { uri: 'content://1', mimeType: 'image/jpeg', sizeBytes: 5000000000 },
  }),
  request(5, 'flow/update', { flowId: 'f-none', values: {}, rev: 3000000000 }),
  request(6, 'field/validate', {
    field: 'photo',
    value: { uri: 'content://1', mimeType: 'image/jpeg', sizeBytes: 9007199254740992 },
  }),
];

const failures = [];
const module = await instantiate();
const expected = await daemonAnswers(bodies);
bodies.forEach((body, index) => {
  const answer = module.handle(body);
  if (answer !== expected[index]) {
    failures.push(`${body}\n  petflowd: ${expected[index]}\n  module:   ${answer}`);
  }
});

// A long session: keystrokes, and flows started and cancelled. Warm once the session holds as
// much as it ever will: the last 10,000 ended flows (--max-flows) for flow/state, in a list
// compacted once 20,000 ids long. From there a million keystrokes and a thousand flows must not
// grow linear memory.
const keystrokes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((key) =>
  chipEdit(10, '98514-100', 9, `${key}`),
);
const session = (flows, keys) => {
  for (let key = 0; key < keys; key += 1) module.handle(keystrokes[key % 10]);
  for (let flow = 0; flow < flows; flow += 1) {
    const started = JSON.parse(
      module.handle(request(11, 'flow/start', { flow: 'reportFoundPet' })),
    );
    const flowId = started.result?.flowId;
    if (!flowId) throw new Error(`flow/start: ${JSON.stringify(started)}`);
    module.handle(request(12, 'flow/cancel', { flowId }));
  }
};
session(21000, 10000);
const warm = module.memory.buffer.byteLength;
session(1000, 1000000);
if (module.memory.buffer.byteLength !== warm) {
  failures.push(
    `linear memory grew from ${warm} to ${module.memory.buffer.byteLength} bytes once warm`,
  );
}

if (failures.length > 0) {
  console.error(`wasm-smoke: ${failures.length} failure(s):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`wasm-smoke: ${bodies.length} answers as petflowd's; memory flat at ${warm} bytes`);
