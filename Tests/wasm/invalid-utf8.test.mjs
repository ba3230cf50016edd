// Bodies that are not valid UTF-8, which the differential corpus cannot hold (it goes through
// engine.handle, and a JS string cannot carry them): each sent as bytes to the release binary
// (NDJSON over a pipe) and to petflow.wasm through its documented interface (raw-abi.mjs),
// after an initialize and before a valid field/edit that shows the session goes on. The
// answers must be the same bytes. First, the raw harness is shown to answer as engine.handle.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RawAbiSession } from './raw-abi.mjs';
import { BinarySession, ModuleSession, maskFlowIds } from './sessions.mjs';

const encoder = new TextEncoder();

/** The bytes of `parts` in order: a string as its UTF-8, an array as the bytes it lists. */
const bytes = (...parts) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : Buffer.from(part))),
  );

const INITIALIZE = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"today":"2026-11-27"}}';
/** A keystroke the session answers with a result whatever came before it. */
const EDIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 3,
  method: 'field/edit',
  params: {
    field: 'text',
    text: 'Rex 🐶',
    selection: { start: 6, end: 6 },
    edit: { type: 'insert', text: '!' },
  },
});

/** A field/format of a text whose value is `before`, then `bad`, then `after`. */
const formatWith = (bad, before = 'a', after = 'b') =>
  bytes(
    '{"jsonrpc":"2.0","id":2,"method":"field/format","params":{"field":"text","text":"',
    before,
    bad,
    after,
    '"}}',
  );

/** A field/edit whose text (or, with `inEdit`, whose edit's inserted text) holds `bad`. */
const editWith = (bad, inEdit = false) =>
  bytes(
    '{"jsonrpc":"2.0","id":2,"method":"field/edit","params":{"field":"text","text":"Rex ',
    inEdit ? [] : bad,
    '","selection":{"start":4,"end":4},"edit":{"type":"insert","text":"',
    inEdit ? bad : [],
    '"}}',
  );

const BODIES = {
  'a lone 0xFF inside a string value': formatWith([0xff]),
  'a truncated 2-byte sequence': formatWith([0xc3]),
  'a truncated 3-byte sequence': formatWith([0xe2, 0x82]),
  'a truncated sequence at the end of a string': formatWith([0xe2, 0x82], 'a', ''),
  "an overlong encoding of '/'": formatWith([0xc0, 0xaf]),
  'an encoded surrogate (ED A0 80)': formatWith([0xed, 0xa0, 0x80]),
  'a 5-byte sequence': formatWith([0xf8, 0x88, 0x80, 0x80, 0x80]),
  'a code point above U+10FFFF (F4 90 80 80)': formatWith([0xf4, 0x90, 0x80, 0x80]),
  'invalid bytes in a member name': bytes(
    '{"jsonrpc":"2.0","id":2,"method":"field/format","params":{"field":"text","te',
    [0xff, 0xfe],
    'xt":"a"}}',
  ),
  'invalid bytes in the method name': bytes(
    '{"jsonrpc":"2.0","id":2,"method":"field/',
    [0xc3],
    'format","params":{"field":"text","text":"a"}}',
  ),
  'an invalid byte between tokens': bytes(
    '{"jsonrpc":"2.0","id":2,',
    [0xff],
    '"method":"field/list"}',
  ),
  'invalid bytes in a field/edit text': editWith([0xff]),
  'invalid bytes in edit.text': editWith([0xed, 0xa0, 0x80], true),
  'invalid bytes inside a batch element': bytes(
    '[{"jsonrpc":"2.0","id":20,"method":"field/list"},',
    formatWith([0xff]),
    ',{"jsonrpc":"2.0","id":21,"method":"field/format","params":{"field":"text","text":"ok"}}]',
  ),
};
/**
 * A notification: a body that is not UTF-8 is not parsed, so it is not known to be one, and it
 * is answered as any other (JSON-RPC 2.0: a parse error's id is null).
 */
const NOTIFICATION = bytes(
  '{"jsonrpc":"2.0","method":"field/format","params":{"field":"text","text":"a',
  [0xff],
  'b"}}',
);

/** An answer's bytes as a string of one character a byte: compared exactly, shown readably. */
const exactly = (line) => Buffer.from(line).toString('latin1');

/** The lines each side wrote for initialize, `body` and a field/edit, as `exactly` shows them. */
async function bothSides(body) {
  const binary = new BinarySession();
  const module = await RawAbiSession.open();
  const answers = { binary: [], module: [] };
  try {
    for (const sent of [encoder.encode(INITIALIZE), body, encoder.encode(EDIT)]) {
      answers.binary.push((await binary.sendBytes(sent)).map(exactly));
      const reply = module.sendBytes(sent);
      answers.module.push(reply === null ? [] : [exactly(reply)]);
    }
  } finally {
    binary.close();
  }
  return answers;
}

describe('the raw-ABI session answers as engine.handle', () => {
  const valid = [
    INITIALIZE,
    EDIT,
    JSON.stringify({
      jsonrpc: '2.0',
      id: 4,
      method: 'initialize',
      params: { positionEncoding: 'utf-8', locale: 'pl', today: '2026-11-27' },
    }),
    EDIT.replace('"start":6,"end":6', '"start":8,"end":8'),
    JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'field/validate',
      params: { field: 'date', text: '2026-11-28' },
    }),
    '{"jsonrpc":"2.0","id":6,"method":"flow/start","params":{"flow":"reportFoundPet"}}',
    `[${EDIT},{"jsonrpc":"2.0","method":"x"},{"jsonrpc":"2.0","id":7,"method":"field/list"}]`,
    '{"jsonrpc":"2.0","method":"field/list"}',
    '{"jsonrpc":"2.0","id":8,"method":"field/format","params":{"field":"text","text":"\\ud83d"}}',
    '{"jsonrpc":"2.0","id":9,"method":"shutdown"}',
    '{"jsonrpc":"2.0","method":"exit"}',
    '{"jsonrpc":"2.0","id":10,"method":"field/list"}',
  ];
  test('for valid bodies: requests, a batch, notifications, exit and after', async () => {
    const raw = await RawAbiSession.open();
    const engine = await ModuleSession.open();
    for (const body of valid) {
      const reply = raw.sendBytes(encoder.encode(body));
      const expected = await engine.send(body);
      const got = reply === null ? [] : [Buffer.from(reply).toString()];
      assert.deepEqual(got.map(maskFlowIds), expected.map(maskFlowIds), body);
    }
    assert.equal(raw.exports.petflow_exit_status(), engine.engine.exitStatus);
  });
});

describe('invalid UTF-8: the module answers as the binary, byte for byte', () => {
  const bodies = { ...BODIES, 'invalid bytes inside a notification': NOTIFICATION };
  for (const [name, body] of Object.entries(bodies))
    test(name, async () => {
      const { binary, module } = await bothSides(body);
      assert.deepEqual(module, binary);
      // protocol.md, JSON: invalid UTF-8 anywhere is -32700 (never read with U+FFFD in place).
      assert.equal(binary[1].length, 1, 'the binary did not answer the body once');
      assert.match(binary[1][0], /^\{"jsonrpc":"2\.0","id":null,"error":\{"code":-32700,/);
      assert.match(binary[2][0] ?? '', /^\{"jsonrpc":"2\.0","id":3,"result":/);
    });
});
