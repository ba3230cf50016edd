// petflow/wasm: PetFlowEngine answers as PetFlowClient does, recovers from a trap, and says
// why it cannot start; loadEngine (the web client's, which the package ships) underneath.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PetFlowError, StaleRevisionError } from '../index.js';
import { FlowFilesError, INTERNAL_ERROR, loadEngine } from '../lib/wasm-engine.js';
import { spawnClient, TODAY } from '../support/daemons.js';
import { assertCompiles } from '../support/typescript.js';
import { findModule, insert, PetFlowEngine } from '../wasm.js';

const WASM_TYPES = new URL('../wasm', import.meta.url).pathname;
const FLOWS = new URL('../../../flows/examples', import.meta.url).pathname;
const CHIP = '123456789012345';

/** A field/validate of a date: the session asks the host for today. */
const dateValidation = (id, text) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'field/validate',
    params: { field: 'date', text },
  });

/** The flow ids' random prefixes differ between any two sessions by design. */
const masked = (value) => JSON.parse(JSON.stringify(value).replace(/"f[0-9a-z]{7}-/g, '"f-'));

describe('PetFlowEngine', () => {
  let client;
  let engine;
  before(async () => {
    client = await spawnClient({ args: ['--flows', FLOWS] });
    engine = await PetFlowEngine.load({ today: TODAY, flows: FLOWS });
  });
  after(() => client.close());

  test('initialize answers as the daemon does', () => {
    assert.deepEqual(engine.serverInfo, client.serverInfo);
  });

  test('each method answers what the daemon answers', async () => {
    const calls = [
      (c) => c.fields(),
      (c) => c.flows(),
      (c) => c.format('chipNumber', CHIP, 4),
      (c) => c.edit('phone', '600', [3, 3], insert('1')),
      (c) => c.validate('date', '2025-13-01'),
      (c) =>
        c.validate('photo', { value: { uri: 'f', mimeType: 'image/png', sizeBytes: 2 ** 32 } }),
      async (c) => {
        const { flowId } = await c.start('reportSighting');
        const updated = await c.update(flowId, {});
        const checked = await c.validateFlow(flowId);
        const exported = await c.export(flowId);
        return [updated, checked, exported, await c.state(flowId), await c.back(flowId)];
      },
    ];
    for (const call of calls)
      assert.deepEqual(masked(await call(engine)), masked(await call(client)));
  });

  test('a stale rev rejects with StaleRevisionError holding the flow as it is', async () => {
    const { flowId } = await engine.start('reportFoundPet');
    const error = await engine.update(flowId, {}, { rev: 2 ** 32 }).then(assert.fail, (e) => e);
    assert.ok(error instanceof StaleRevisionError);
    assert.equal(error.snapshot.flowId, flowId);
  });

  test('a call answers inside itself: its promise is settled when it returns', async () => {
    let settled = false;
    engine.format('chipNumber', CHIP).then(() => {
      settled = true;
    });
    await null; // one microtask: a promise settled beforehand has run its callbacks by now
    assert.equal(settled, true);
  });

  test('spawn takes PetFlowClient.spawn options, --flows included', async () => {
    const spawned = await PetFlowEngine.spawn({
      args: ['--flows', FLOWS],
      timeout: 5,
      today: TODAY,
    });
    const ids = (await spawned.flows()).map((flow) => flow.id);
    assert.ok(ids.includes('reportSighting'), ids.join());
  });

  test("wasm.d.ts types the engine with the client's methods and results", async () => {
    const source = `import { PetFlowEngine, insert } from ${JSON.stringify(WASM_TYPES)};
      import type { FieldResult, FlowSnapshot } from ${JSON.stringify(WASM_TYPES)};
      async function use(): Promise<number> {
        const engine = await PetFlowEngine.load({ flows: 'x', today: '2025-01-01' });
        const typed: FieldResult = await engine.edit('chipNumber', '1', 1, insert('2'));
        const flow: FlowSnapshot = await engine.start('reportFoundPet');
        const raw: string | null = engine.handle('{}');
        return typed.caret + flow.rev + (raw?.length ?? 0) + engine.memory.buffer.byteLength;
      }
      void use;`;
    await assertCompiles(source, 'wasm.d.ts does not type PetFlowEngine as used');
  });

  test('close ends the session with status 0, and later calls reject', async () => {
    const closing = await PetFlowEngine.load();
    assert.equal(await closing.close(), 0);
    assert.deepEqual(await closing.exited, { code: 0, signal: null });
    await assert.rejects(closing.fields(), { name: 'ClientClosedError' });
  });
});

describe('loadEngine', () => {
  const module = () => findModule();

  test('handle answers a body as petflowd writes it, and null for a notification', async () => {
    const engine = await loadEngine({ module: module() });
    const body = '{"jsonrpc":"2.0","id":7,"method":"shutdown"}';
    assert.equal(engine.handle(body), '{"jsonrpc":"2.0","id":7,"result":null}');
    assert.equal(engine.handle('{"jsonrpc":"2.0","method":"exit"}'), null);
    assert.equal(engine.exitStatus, 0);
  });

  test('a trap answers -32603; the next call gets a fresh, initialized instance', async () => {
    let trapping = false;
    const today = () => {
      if (trapping) throw new WebAssembly.RuntimeError('unreachable');
      return new Date(2026, 10, 27);
    };
    const engine = await loadEngine({ module: module(), today, log: () => {} });
    const initialize = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"locale":"pl"}}';
    assert.match(engine.handle(initialize), /"locale":"pl"/);
    const validate = (id) => dateValidation(id, '2025-13-01');
    const healthy = JSON.parse(engine.handle(validate(2)));
    trapping = true;
    const trapped = JSON.parse(engine.handle(validate(3)));
    assert.equal(trapped.id, 3);
    assert.equal(trapped.error.code, INTERNAL_ERROR);
    assert.match(trapped.error.message, /RuntimeError: unreachable/);
    trapping = false;
    const after = JSON.parse(engine.handle(validate(4)));
    assert.equal(engine.restarts, 1);
    assert.deepEqual(after.result, healthy.result); // in Polish: the initialize was sent again
  });

  test('a trap in a batch answers -32603 for each request in it', async () => {
    const engine = await loadEngine({
      module: module(),
      today: () => {
        throw new WebAssembly.RuntimeError('unreachable');
      },
      log: () => {},
    });
    const validate = (id) => dateValidation(id, '2025-01-01');
    const answers = JSON.parse(
      engine.handle(`[${validate(1)},{"jsonrpc":"2.0","method":"x"},${validate(2)}]`),
    );
    assert.deepEqual(
      answers.map((answer) => [answer.id, answer.error.code]),
      [
        [1, INTERNAL_ERROR],
        [2, INTERNAL_ERROR],
      ],
    );
  });

  test('flow files that are not sound reject with their problems', async () => {
    const unsound = readFileSync(
      new URL('../../../Tests/FlowFileCases/unreachable-step.json', import.meta.url),
    );
    const error = await loadEngine({ module: module(), flowFiles: [unsound] }).then(
      assert.fail,
      (e) => e,
    );
    assert.ok(error instanceof FlowFilesError);
    assert.match(error.problems, /unreachable/);
  });

  test('a body over the message limit rejects, and the session goes on', async () => {
    const engine = await PetFlowEngine.load();
    const error = await engine
      .format('text', 'a'.repeat(9 * 1024 * 1024))
      .then(assert.fail, (e) => e);
    assert.ok(error instanceof PetFlowError);
    assert.equal(error.code, -32005); // over --max-message-bytes (8 MiB), as petflowd answers
    assert.equal((await engine.validate('phone', '12')).error.code, 'phone.tooShort');
  });
});
