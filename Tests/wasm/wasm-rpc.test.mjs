// wasmRpc (clients/web/petflow-wasm.js) in Node 20, as a page uses it: the rpc of wsRpc,
// answered by petflow.wasm inside the call.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { RpcError } from '../../clients/web/lib/rpc-error.js';
import { wasmRpc } from '../../clients/web/petflow-wasm.js';
import { ROOT } from './sessions.mjs';

const quiet = { log: () => {} };

test('wasmRpc says its transport is wasm', () => {
  assert.equal(wasmRpc(quiet).transport, 'wasm');
});

test('once loaded, a call is answered inside it: settled when it returns', async () => {
  const rpc = wasmRpc(quiet);
  await rpc.ready;
  let answer;
  rpc('field/format', { field: 'chipNumber', text: '123456' }).then((result) => {
    answer = result;
  });
  await null; // one microtask: a promise settled beforehand has run its callbacks by now
  assert.equal(answer?.text, '12345-6');
});

test('a call made while the module loads waits for it', async () => {
  const result = await wasmRpc(quiet)('field/format', { field: 'phone', text: '600100200' });
  assert.equal(typeof result.text, 'string');
  assert.ok(result.text.length > 0);
});

test("the page's initialize holds for every later call", async () => {
  const rpc = wasmRpc(quiet);
  const english = await rpc('field/validate', { field: 'phone', text: '12' });
  const initialized = await rpc('initialize', { locale: 'pl' });
  const polish = await rpc('field/validate', { field: 'phone', text: '12' });
  assert.equal(initialized.positionEncoding, 'utf-16'); // the binding's offsets, kept
  assert.equal(initialized.locale, 'pl');
  assert.equal(polish.error.code, english.error.code);
  assert.notEqual(polish.error.message, english.error.message);
});

test('an error answer rejects with RpcError carrying its code and data', async () => {
  const error = await wasmRpc(quiet)('flow/start', { flow: 'noSuchFlow' }).then(
    assert.fail,
    (e) => e,
  );
  assert.ok(error instanceof RpcError);
  assert.equal(error.code, -32012);
  assert.equal(error.data.flow, 'noSuchFlow');
  assert.equal(error.linkDown, false);
});

test('the flow files given are loaded as petflowd --flows loads them', async () => {
  const sighting = readFileSync(new URL('flows/examples/reportSighting.json', ROOT), 'utf8');
  const { flows } = await wasmRpc({ ...quiet, flowFiles: [sighting] })('flow/list');
  assert.ok(flows.some((flow) => flow.id === 'reportSighting'));
});

test('the flow files may be a promise of their list: the module compiles meanwhile', async () => {
  const sighting = readFileSync(new URL('flows/examples/reportSighting.json', ROOT), 'utf8');
  let giveList;
  const list = new Promise((resolve) => {
    giveList = resolve;
  });
  const rpc = wasmRpc({ ...quiet, flowFiles: list });
  const listed = rpc('flow/list'); // asked before the list is known: waits for it
  giveList([sighting]);
  const { flows } = await listed;
  assert.ok(flows.some((flow) => flow.id === 'reportSighting'));
});

test('a list of flow files that cannot be had fails every call, saying why', async () => {
  const rpc = wasmRpc({
    ...quiet,
    flowFiles: Promise.reject(new Error('/flows.json answered HTTP 500')),
  });
  for (const method of ['initialize', 'field/list']) {
    const error = await rpc(method).then(assert.fail, (e) => e);
    assert.ok(error instanceof RpcError);
    assert.equal(error.data.cannotLoad, true);
    assert.match(error.message, /cannot be loaded: \/flows\.json answered HTTP 500/);
  }
});

test('flow files that are not a list are refused, saying what they must be', async () => {
  for (const flowFiles of ['{"flows":[]}', Promise.resolve(7)]) {
    const error = await wasmRpc({ ...quiet, flowFiles })('field/list').then(assert.fail, (e) => e);
    assert.equal(error.data.cannotLoad, true);
    assert.match(error.message, /flowFiles is a list of flow files, or a promise of one/);
  }
});

test('a module that cannot load fails every call with RpcError saying why', async () => {
  const rpc = wasmRpc({ ...quiet, url: new URL('no-such-dir/petflow.wasm', ROOT).href });
  for (const method of ['initialize', 'field/list']) {
    const error = await rpc(method).then(assert.fail, (e) => e);
    assert.ok(error instanceof RpcError);
    assert.equal(error.code, null);
    assert.equal(error.data.cannotLoad, true);
    assert.match(error.message, /no-such-dir\/petflow\.wasm cannot be loaded: .*ENOENT/);
  }
});
