// loadEngine when petflow.wasm itself traps (issue 30): its linear memory overwritten with 0xFF
// bytes, the module's own code faults on the next call (a WebAssembly.RuntimeError raised in the
// module, not a host function throwing, which wasm.test.js covers). The engine answers that call
// with -32603 and hands the next to a fresh instance, sent the last initialize.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INTERNAL_ERROR, loadEngine } from '../lib/wasm-engine.js';
import { findModule } from '../wasm.js';

/** What a trap in the module's own code is in JS (an import throwing is any other error). */
const MODULE_TRAP = /^Internal error: petflow\.wasm trapped \(RuntimeError: .+\)$/;

const UTF8_INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { positionEncoding: 'utf-8' },
});

/** '!' typed after "Rex 🐶": the caret is 8 before and 9 after in UTF-8 (6 and 7 in UTF-16). */
const typedAfterEmoji = (id) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'field/edit',
    params: {
      field: 'text',
      text: 'Rex 🐶',
      selection: { start: 8, end: 8 },
      edit: { type: 'insert', text: '!' },
    },
  });

/** An engine sent a UTF-8 initialize, and what it logged. */
async function utf8Engine() {
  const logged = [];
  const engine = await loadEngine({ module: findModule(), log: (line) => logged.push(line) });
  assert.match(engine.handle(UTF8_INITIALIZE), /"positionEncoding":"utf-8"/);
  return { engine, logged };
}

/** Every byte of the running instance's memory made 0xFF: its pointers now point nowhere. */
const corrupt = (engine) => new Uint8Array(engine.memory.buffer).fill(0xff);

test('a trap in the module answers -32603 for the request, naming the trap', async () => {
  const { engine, logged } = await utf8Engine();
  corrupt(engine);
  const trapped = JSON.parse(engine.handle(typedAfterEmoji(2)));
  assert.equal(trapped.id, 2);
  assert.equal(trapped.error.code, INTERNAL_ERROR);
  assert.match(trapped.error.message, MODULE_TRAP);
  assert.match(logged.at(-1), /^petflow\.wasm: RuntimeError: /);
  assert.equal(engine.memory, null); // the trapped instance is dropped, not called again
});

test('a trap while the module handles a body it took answers -32603 for it', async () => {
  const { engine } = await utf8Engine();
  // The input buffer holds the last body, and petflow_buffer hands it out again for one as
  // long; above it lies the heap the session allocates from while it handles a body.
  const memory = engine.memory;
  const input = Buffer.from(memory.buffer).indexOf(Buffer.from(UTF8_INITIALIZE));
  assert.ok(input > 0, 'the last body is not in the memory');
  new Uint8Array(memory.buffer).fill(0xff, input + UTF8_INITIALIZE.length * 3);
  const body = UTF8_INITIALIZE.replace('"id":1', '"id":9');
  const trapped = JSON.parse(engine.handle(body));
  assert.deepEqual([trapped.id, trapped.error.code], [9, INTERNAL_ERROR]);
  assert.match(trapped.error.message, MODULE_TRAP);
  // The body was written where petflow_buffer said: it was petflow_handle that trapped.
  const written = Buffer.from(memory.buffer, input, body.length).toString();
  assert.equal(written, body);
});

test('after a trap in the module, a fresh instance answers under the last initialize', async () => {
  const { engine } = await utf8Engine();
  const healthy = JSON.parse(engine.handle(typedAfterEmoji(2)));
  assert.equal(healthy.result.caret, 9); // counted in bytes: the initialize holds
  const restarts = engine.restarts;
  corrupt(engine);
  assert.match(JSON.parse(engine.handle(typedAfterEmoji(3))).error.message, MODULE_TRAP);
  const after = JSON.parse(engine.handle(typedAfterEmoji(4)));
  assert.equal(engine.restarts, restarts + 1);
  assert.equal(after.id, 4);
  assert.deepEqual(after.result, healthy.result); // caret 9: still UTF-8, not the default
  assert.equal(engine.exitStatus, null);
});

test('a trap in the module during a batch answers -32603 for each request in it', async () => {
  const { engine } = await utf8Engine();
  corrupt(engine);
  const batch = `[${typedAfterEmoji(5)},{"jsonrpc":"2.0","method":"x"},${typedAfterEmoji(6)}]`;
  const answers = JSON.parse(engine.handle(batch));
  assert.deepEqual(
    answers.map((answer) => [answer.id, answer.error.code]),
    [
      [5, INTERNAL_ERROR],
      [6, INTERNAL_ERROR],
    ],
  );
  for (const answer of answers) assert.match(answer.error.message, MODULE_TRAP);
});

test('a notification during which the module traps gets no answer', async () => {
  const { engine } = await utf8Engine();
  corrupt(engine);
  assert.equal(engine.handle('{"jsonrpc":"2.0","method":"x"}'), null);
  assert.equal(JSON.parse(engine.handle(typedAfterEmoji(7))).result.caret, 9);
});
