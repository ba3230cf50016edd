// Done when #1 of issue 30: the same corpus of requests through the release binary and through
// petflow.wasm in Node gets byte-identical answers (flow ids' random prefixes masked).
// scripts/test.d/wasm-differential.sh builds both first.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { corpus } from './corpus.mjs';
import {
  BinarySession,
  bindFromAnswer,
  bindFromExpected,
  ModuleSession,
  maskFlowIds,
  ROOT,
  substitute,
} from './sessions.mjs';

/** The flow files `petflowd --flows DIR` loads (DIR relative to the repository). */
function flowFilesOf(args) {
  const files = [];
  for (let index = 0; index < args.length; index += 2) {
    assert.equal(args[index], '--flows', `the module takes only --flows, not ${args[index]}`);
    const directory = new URL(`${args[index + 1]}/`, ROOT).pathname;
    const names = readdirSync(directory)
      .filter((name) => name.endsWith('.json'))
      .sort();
    files.push(...names.map((name) => readFileSync(join(directory, name))));
  }
  return files;
}

/** Runs `session` on one side: the masked lines each body got, in order. */
async function run(side, session) {
  const bindings = {};
  const answers = [];
  try {
    for (const step of session.steps) {
      const lines = await side.send(substitute(step.body, bindings));
      for (const line of lines) {
        if (step.expected) bindFromExpected(step.expected, JSON.parse(line), bindings);
        else bindFromAnswer(line, bindings);
      }
      answers.push({ body: step.body.slice(0, 300), lines: lines.map(maskFlowIds) });
    }
  } finally {
    side.close();
  }
  return answers;
}

const onlyPetflowdOptions = (session) =>
  session.args.some((arg, index) => index % 2 === 0 && arg !== '--flows');

test('the corpus sends every method petflowd offers, and every field kind', async () => {
  const sessions = corpus();
  const bodies = sessions.flatMap((session) => session.steps.map((step) => step.body));
  const sent = new Set(
    bodies.flatMap((body) => [...body.matchAll(/"method":"([^"]+)"/g)].map((m) => m[1])),
  );
  const binary = new BinarySession();
  const [initialized] = await binary.send('{"jsonrpc":"2.0","id":1,"method":"initialize"}');
  const [listed] = await binary.send('{"jsonrpc":"2.0","id":2,"method":"field/list"}');
  binary.close();
  for (const method of JSON.parse(initialized).result.methods) assert.ok(sent.has(method), method);
  for (const { kind } of JSON.parse(listed).result.fields)
    assert.ok(
      bodies.some((body) => body.includes(`"field":"${kind}"`)),
      kind,
    );
});

for (const session of corpus()) {
  // The module has petflowd's default limits: a session that changes them has no twin there.
  const skip = onlyPetflowdOptions(session) && `runs petflowd ${session.args.join(' ')}`;
  test(`${session.name}: the module answers as the binary`, { skip }, async () => {
    const binary = await run(new BinarySession(session.args), session);
    const module = await run(await ModuleSession.open(flowFilesOf(session.args)), session);
    assert.ok(
      binary.some((step) => step.lines.length > 0),
      'the binary answered nothing',
    );
    for (const [index, expected] of binary.entries())
      assert.deepEqual(module[index], expected, `step ${index + 1} of ${session.name}`);
  });
}
