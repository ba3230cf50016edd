// petflow.wasm's memory stays flat: a session that types a million keystrokes and walks a
// thousand flows has the same linear memory at 10% of the work as at the end (issue 30: memory
// freed is reused). After a warm-up: a session keeps how its last --max-flows (10000) ended
// flows ended, for flow/state (protocol.md), so its memory grows with the flows walked until
// that many have ended and as many again have replaced them in the space the first freed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { findDaemon } from '../index.js';
import { loadEngine } from '../lib/wasm-engine.js';
import { findModule } from '../wasm.js';

const KEYSTROKES = 1_000_000;
const FLOWS = 1_000;
/** Twice the ended flows a session remembers (petflowd's default --max-flows). */
const WARM_UP_FLOWS = 20_000;
const BUILT_IN = ['reportMissingPet', 'reportFoundPet'].map(
  (name) => new URL(`../../../flows/${name}.json`, import.meta.url).pathname,
);

/** The built-in reports' covering paths, each walked to its payload (check-flows --paths). */
function paths() {
  const output = execFileSync(findDaemon(), ['check-flows', '--paths', ...BUILT_IN], {
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

test('a million keystrokes and a thousand flows leave linear memory as it was at 10%', async () => {
  const engine = await loadEngine({ module: findModule(), log: () => {} });
  const call = (method, params) => {
    const answer = JSON.parse(
      engine.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })),
    );
    assert.equal(answer.error, undefined, `${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  const walks = paths();
  const walk = (path) => {
    call('initialize', { today: path.today });
    let snapshot = call('flow/start', { flow: path.flow });
    for (const answer of path.answers)
      snapshot = call('flow/next', { flowId: snapshot.flowId, values: answer.values });
    assert.equal(snapshot.status, 'submitted');
  };
  // A chip number typed digit by digit and cleared, over and over: the bodies made beforehand.
  const keystrokes = [];
  let text = '';
  for (let digit = 0; digit < 15; digit++) {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'field/edit',
      params: {
        field: 'chipNumber',
        text,
        selection: { start: text.length, end: text.length },
        edit: { type: 'insert', text: String(digit % 10) },
      },
    });
    keystrokes.push(body);
    text = JSON.parse(engine.handle(body)).result.text;
  }

  for (let flow = 0; flow < WARM_UP_FLOWS; flow++) walk(walks[flow % walks.length]);
  for (const body of keystrokes) engine.handle(body);

  const perFlow = KEYSTROKES / FLOWS;
  let atTenth = 0;
  for (let flow = 0; flow < FLOWS; flow++) {
    walk(walks[flow % walks.length]);
    for (let key = 0; key < perFlow; key++) engine.handle(keystrokes[key % keystrokes.length]);
    if (flow === FLOWS / 10 - 1) atTenth = engine.memory.buffer.byteLength;
  }
  assert.equal(engine.restarts, 0);
  assert.equal(engine.memory.buffer.byteLength, atTenth);
});
