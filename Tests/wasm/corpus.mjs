// The differential test's corpus: sessions of JSON-RPC bodies, each sent in order to a fresh
// petflowd and to a fresh petflow.wasm session. protocol.md's executed examples, then sessions
// made here: every method, every field kind, both built-in reports walked to their payloads
// (the paths `check-flows --paths` proves), the protocol tests' hostile bodies, batches and
// notifications, and 2^31, 2^32 and 2^53-1 wherever the wire carries an integer.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { BINARY, ROOT } from './sessions.mjs';

/** A fixed day for the generated sessions, so that date rules answer alike on every day. */
const TODAY = '2026-11-27';
const BIG = [2 ** 31, 2 ** 32, 2 ** 53 - 1];
const KINDS = [
  'chipNumber',
  'phone',
  'email',
  'latitude',
  'longitude',
  'age',
  'date',
  'species',
  'gender',
  'text',
  'photo',
];
const TEXTS = [
  '',
  '1',
  '12345',
  '123456789012345',
  '1234567890123456789',
  '+48 600 100 200',
  'ola@example.pl',
  '52.2297',
  '-181.5',
  '12',
  '2026-02-29',
  '29.02.2026',
  'dog',
  'female',
  'Zażółć 🐶 gęślą',
  'e\u0301\u0301',
  ' \t ',
  '1e999',
  '٣٤٥',
  'x'.repeat(3000),
];

let nextId = 1;
const request = (method, params) =>
  JSON.stringify(
    params === undefined
      ? { jsonrpc: '2.0', id: nextId++, method }
      : { jsonrpc: '2.0', id: nextId++, method, params },
  );
const notification = (method, params) => JSON.stringify({ jsonrpc: '2.0', method, params });
/** A body that names the flow the session's last answer gave (each side its own id). */
const onFlow = (method, params = {}) => request(method, { flowId: '{{flowId}}', ...params });
const initialize = (params = {}) => request('initialize', { today: TODAY, ...params });

/** protocol.md's ```jsonrpc examples: their command line, bodies and documented answers. */
function protocolExamples() {
  const lines = readFileSync(new URL('protocol.md', ROOT), 'utf8').split('\n');
  const sessions = [];
  let current = null;
  lines.forEach((line, index) => {
    if (line.startsWith('```jsonrpc')) {
      current = { name: `protocol.md line ${index + 1}`, args: [], steps: [] };
    } else if (line.startsWith('```') && current) {
      sessions.push(current);
      current = null;
    } else if (current && line.startsWith('$ petflowd')) {
      current.args = line.split(' ').slice(2);
    } else if (current && line.startsWith('--> ')) {
      current.steps.push({ body: line.slice(4) });
    } else if (current && line.startsWith('<-- ')) {
      const step = current.steps.findLast((step) => step.expected === undefined);
      if (step) step.expected = JSON.parse(line.slice(4));
    }
  });
  return sessions;
}

/** Every kind: format, edit and validate, with texts that fit and texts that do not. */
function fieldSessions() {
  const sessions = [];
  for (const positionEncoding of ['utf-16', 'utf-8', 'utf-32']) {
    const steps = [initialize({ positionEncoding, locale: 'pl' }), request('field/list')];
    for (const field of KINDS) {
      for (const text of TEXTS) {
        steps.push(request('field/format', { field, text }));
        steps.push(request('field/format', { field, text, caret: 1 }));
        steps.push(request('field/validate', { field, text }));
        for (const edit of [
          { type: 'insert', text: '7' },
          { type: 'insert', text: '🐶a' },
          { type: 'deleteBackward' },
          { type: 'deleteForward' },
          { type: 'replace', start: 0, end: 2, text: '45' },
        ])
          steps.push(request('field/edit', { field, text, selection: { start: 1, end: 3 }, edit }));
      }
      for (const value of [...BIG, -(2 ** 53) + 1, 1.5, 0, '52.1', true, null])
        steps.push(request('field/validate', { field, value }));
      for (const maxLength of [...BIG, 0, 3])
        steps.push(
          request('field/format', {
            field,
            text: '123456',
            options: { maxLength, required: true },
          }),
        );
      steps.push(request('field/validate', { field, options: { required: true } }));
    }
    for (const sizeBytes of [...BIG, 2 ** 53, -1, 1.5]) {
      const value = { uri: 'file:///a.jpg', mimeType: 'image/jpeg', sizeBytes };
      steps.push(request('field/validate', { field: 'photo', value }));
    }
    sessions.push({ name: `fields, ${positionEncoding}`, args: [], steps });
  }
  return sessions;
}

/** `check-flows --paths` of a flow file: the covering paths, as lines of JSON. */
function pathsOf(file) {
  const output = execFileSync(BINARY, ['check-flows', '--paths', '--today', TODAY, file], {
    encoding: 'utf8',
  });
  return output.split('\n').filter((line) => line.trim() !== '');
}

/** A path walked to its payload, then every other flow method on a flow of the same kind. */
function walk(line, args) {
  const path = JSON.parse(line);
  const steps = [initialize({ today: path.today }), request('flow/list')];
  steps.push(request('flow/start', { flow: path.flow }));
  for (const answer of path.answers) {
    steps.push(onFlow('flow/validate', { values: answer.values }));
    steps.push(onFlow('flow/update', { values: answer.values }));
    steps.push(onFlow('flow/next', { values: answer.values }));
  }
  steps.push(onFlow('flow/state'), onFlow('flow/next'), onFlow('flow/export'));
  // The same flow again, taken apart: export, import, goto, back, stale revisions, cancel.
  steps.push(request('flow/start', { flow: path.flow }));
  const [first, second] = path.answers;
  if (first) steps.push(onFlow('flow/next', { values: first.values, rev: 0 }));
  steps.push(onFlow('flow/export'), request('flow/import', { snapshot: '{{snapshot}}' }));
  if (second) steps.push(onFlow('flow/goto', { step: second.step }));
  if (first) steps.push(onFlow('flow/goto', { step: first.step }));
  steps.push(onFlow('flow/goto', { step: 'noSuchStep' }));
  for (const rev of [...BIG, 2 ** 53, -1, 0.5])
    steps.push(onFlow('flow/update', { values: {}, rev }));
  steps.push(onFlow('flow/back'), onFlow('flow/back'), onFlow('flow/cancel'));
  steps.push(onFlow('flow/next'), onFlow('flow/state'));
  return { name: `${path.flow}: ${path.path.join(' > ')}`, args, steps };
}

function flowSessions() {
  const sessions = [];
  for (const name of ['reportMissingPet.json', 'reportFoundPet.json']) {
    const file = new URL(`flows/${name}`, ROOT).pathname;
    for (const line of pathsOf(file)) sessions.push(walk(line, []));
  }
  const examples = new URL('flows/examples', ROOT).pathname;
  for (const name of readdirSync(examples)
    .filter((name) => name.endsWith('.json'))
    .sort())
    for (const line of pathsOf(`${examples}/${name}`).slice(0, 3))
      sessions.push(walk(line, ['--flows', examples]));
  return sessions;
}

/** Exported snapshots with every integer of theirs at the edges. */
function importSessions() {
  const steps = [initialize(), request('flow/start', { flow: 'reportMissingPet' })];
  steps.push(onFlow('flow/export'));
  const snapshot = (change) =>
    JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'flow/import', params: change });
  for (const value of [...BIG, 2 ** 53, -1, 1.5]) {
    for (const member of ['rev', 'version', 'snapshotFormat'])
      steps.push(
        snapshot({
          snapshot: {
            snapshotFormat: 1,
            flowId: 'f0000000-1',
            flow: 'reportMissingPet',
            version: 1,
            step: 'animal',
            rev: 0,
            values: {},
            errors: [],
            [member]: value,
          },
        }),
      );
    steps.push(request('flow/state', { flowId: `f0000000-${value}` }));
  }
  return [{ name: 'flow/import at the integers edges', args: [], steps }];
}

/** The protocol tests' hostile bodies, as text (NDJSON carries no raw newline in a body). */
function hostileSessions() {
  const deep = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const bodies = [
    '{',
    'null',
    '42',
    '"text"',
    '[]',
    '[1,2,3]',
    '[{}]',
    '{}',
    '{"jsonrpc":"2.0"}',
    '{"jsonrpc":"1.0","id":1,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":1,"method":"field/list","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"field/list","params":"x"}',
    '{"jsonrpc":"2.0","id":1.5,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":{"a":1},"method":"field/list"}',
    '{"jsonrpc":"2.0","id":[1],"method":"field/list"}',
    '{"jsonrpc":"2.0","id":true,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":null,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":"s","method":"field/list"}',
    ...BIG.map(
      (id) =>
        `{"jsonrpc":"2.0","id":${id},"method":"field/validate",` +
        `"params":{"field":"age","text":"${id}"}}`,
    ),
    '{"jsonrpc":"2.0","id":9007199254740993,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":-1e400,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":1,"method":7}',
    '{"jsonrpc":"2.0","id":1,"method":"no/such"}',
    '{"jsonrpc":"2.0","id":1,"id":2,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"text","text":"\\ud83d"}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"text","text":"\\udc36"}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format",' +
      '"params":{"field":"text","text":"\\ud83d\\u0041"}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"text","text":"\\ud83dx"}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"text","text":"\\u0000"}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/edit","params":{"field":"chipNumber","text":"123",' +
      '"selection":{"start":1e999999,"end":123456789012345678901234567890},' +
      '"edit":{"type":"insert","text":"4"}}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"chipNumber","text":1}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"nope","text":"1"}}',
    '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"text":"1"}}',
    `{"jsonrpc":"2.0","id":1,"method":"field/format",` +
      `"params":{"field":"text","text":"${'ą'.repeat(40_000)}"}}`,
    `{"jsonrpc":"2.0","id":1,"method":"x","params":{"p":"${'a'.repeat(2_000_000)}"}}`,
    deep(64),
    deep(100),
    deep(10_000),
    `{"jsonrpc":"2.0","id":1,"method":"field/list",` +
      `"params":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`,
    '{"jsonrpc":"2.0","id":1,"method":"field/list"} trailing',
    '\ufeff{"jsonrpc":"2.0","id":1,"method":"field/list"}',
    '{"jsonrpc":"2.0","id":1,"method":"field/list","params":{}}',
    '{"jsonrpc":"2.0","id":1,"method":"flow/state","params":{"flowId":7}}',
    '{"jsonrpc":"2.0","id":1,"method":"flow/start","params":{"flow":"__proto__"}}',
  ];
  return [{ name: 'hostile bodies', args: [], steps: [initialize(), ...bodies] }];
}

function batchSessions() {
  const steps = [
    `[${initialize()},${request('field/format', { field: 'phone', text: '600100200' })}]`,
    `[${notification('initialized', {})},${notification('$/cancelRequest', { id: 1 })}]`,
    `[${request('field/list')},5,${notification('nothing')},{"jsonrpc":"2.0","id":3}]`,
    `[${request('flow/start', { flow: 'reportFoundPet' })},${request('flow/list')}]`,
    notification('workspace/didChangeConfiguration', { settings: { locale: 'pl' } }),
    request('field/validate', { field: 'phone', text: '12' }),
    JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'workspace/didChangeConfiguration' }),
    JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'exit' }),
    request('shutdown'),
    request('field/list'),
    `[${request('field/list')},${notification('exit')}]`,
    request('field/list'),
  ];
  return [{ name: 'batches, notifications, shutdown and exit', args: [], steps }];
}

/** Every session of the corpus. */
export function corpus() {
  return [
    ...protocolExamples(),
    ...fieldSessions(),
    ...flowSessions(),
    ...importSessions(),
    ...hostileSessions(),
    ...batchSessions(),
  ].map((session) => ({
    ...session,
    steps: session.steps.map((step) => (typeof step === 'string' ? { body: step } : step)),
  }));
}
