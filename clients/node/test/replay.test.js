// replay(line): each line of `petflowd check-flows --paths` for every flow in flows/ and
// flows/examples/ replayed in one call ends submitted with exactly that line's payload.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findDaemon } from '../index.js';
import { spawnClient, TODAY } from '../support/daemons.js';

const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const EXAMPLES = join(REPOSITORY, 'flows', 'examples');
const jsonFiles = (directory) =>
  readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(directory, name));
const FILES = [...jsonFiles(join(REPOSITORY, 'flows')), ...jsonFiles(EXAMPLES)];

function pathLines(...args) {
  const output = execFileSync(findDaemon(), ['check-flows', '--paths', ...args], {
    encoding: 'utf8',
  });
  return output.split('\n').filter((line) => line !== '');
}

test('every line of every flow ends submitted with its payload', async () => {
  const lines = pathLines('--today', TODAY, ...FILES);
  assert.ok(lines.length >= FILES.length);
  const client = await spawnClient({ args: ['--flows', EXAMPLES] });
  try {
    for (const line of lines) {
      const snapshot = await client.replay(line);
      assert.equal(snapshot.status, 'submitted', line);
      assert.deepEqual(snapshot.payload, JSON.parse(line).payload);
    }
  } finally {
    await client.close();
  }
});

test('a parsed line replays as its text does, and the session keeps its day', async () => {
  const fixture = JSON.parse(pathLines('--today', TODAY, join(EXAMPLES, 'reportSighting.json'))[0]);
  const client = await spawnClient({ args: ['--flows', EXAMPLES], today: '2020-01-01' });
  try {
    assert.deepEqual((await client.replay(fixture)).payload, fixture.payload);
    assert.equal(client.serverInfo.today, fixture.today);
  } finally {
    await client.close();
  }
});

test('a line that no longer fits stops where the flow refuses it', async () => {
  const found = join(REPOSITORY, 'flows', 'reportFoundPet.json');
  const fixture = JSON.parse(pathLines('--today', TODAY, found)[0]);
  fixture.answers[0].values = {}; // the photo, required, left out
  const client = await spawnClient();
  try {
    const snapshot = await client.replay(fixture);
    assert.equal(snapshot.status, 'active');
    assert.equal(snapshot.step.id, 'photo');
    assert.ok('photo' in snapshot.errors);
  } finally {
    await client.close();
  }
});
