// Runs each example once and checks what it prints, so the examples cannot rot.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

function runExample(name) {
  const path = fileURLToPath(new URL(`../examples/${name}`, import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path], { timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${name} failed: ${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

test('type-chip-number draws each keystroke', async () => {
  const states = (await runExample('type-chip-number.js'))
    .trimEnd()
    .split('\n')
    .map((line) => line.slice(25));
  assert.deepEqual(states.slice(0, 7), ['|', '1|', '12|', '123|', '1234|', '12345|', '12345-6|']);
  assert.ok(states.includes('12345-67890|'));
  assert.ok(states.includes('1234|6-7890'), 'backspace just after the hyphen');
  assert.ok(states.includes('12345-987|67-890'), 'the paste with junk');
  assert.equal(states.at(-1), '12345987467890');
});

test('report-found-pet prints the payload', async () => {
  const [steps, payload] = (await runExample('report-found-pet.js')).split('payload:\n');
  assert.match(steps, /photo: Photo is mandatory \(photo\.required\)/);
  assert.equal(steps.trimEnd().split('\n').at(-1), '[submitted]');
  const submitted = JSON.parse(payload);
  assert.equal(submitted.chipNumber, '987654321098765');
  assert.deepEqual(submitted.location, { latitude: 52.2297, longitude: 21.0122 });
  assert.equal(submitted.contactDetails.phone, '+48600700800');
});
