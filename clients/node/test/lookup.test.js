// Finding petflowd: the order of the places, and what a wrong or missing binary says.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { DaemonNotFoundError, findDaemon, PetFlowClient, PetFlowError } from '../index.js';
import { DIES_ON_SECOND_REQUEST, fakeDaemon, realDaemon } from '../support/daemons.js';

const CLIENT = fileURLToPath(new URL('..', import.meta.url));
const copies = [];
after(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/**
 * A project folder as npm would lay it out, outside the checkout (no repository build in
 * reach): node_modules/petflow, and node_modules/@petflow/linux-x64-gnu when `bundled`.
 */
function installedCopy(bundled) {
  const root = mkdtempSync(join(tmpdir(), 'petflow-installed-'));
  copies.push(root);
  const petflow = join(root, 'node_modules', 'petflow');
  mkdirSync(petflow, { recursive: true });
  for (const entry of ['index.js', 'lib', 'bin', 'package.json'])
    cpSync(join(CLIENT, entry), join(petflow, entry), { recursive: true });
  if (bundled) {
    const platform = join(root, 'node_modules', '@petflow', 'linux-x64-gnu');
    mkdirSync(join(platform, 'bin'), { recursive: true });
    writeFileSync(
      join(platform, 'package.json'),
      JSON.stringify({ name: '@petflow/linux-x64-gnu', version: '0.0.0' }),
    );
    // A copy: require.resolve would answer a link's target.
    cpSync(bundled, join(platform, 'bin', 'petflowd'));
  }
  const onPath = join(root, 'on-path');
  mkdirSync(onPath);
  return {
    root,
    onPath,
    putOnPath: (executable) => symlinkSync(executable, join(onPath, 'petflowd')),
    /**
     * Runs `body` (an async function body returning the answer) with PATH = onPath and no PETFLOWD.
     */
    run(body, env = {}) {
      const script = `
        import * as petflow from 'petflow';
        try {
          const answer = await (async () => { ${body} })();
          console.log(JSON.stringify({ answer }));
        } catch (error) {
          const { name, message, path } = error;
          console.log(JSON.stringify({ error: name, message, path }));
        }`;
      return new Promise((resolve, reject) =>
        execFile(
          process.execPath,
          ['--input-type=module', '-e', script],
          { cwd: root, env: { PATH: onPath, ...env }, timeout: 20_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
        ),
      );
    },
  };
}

describe('the lookup order', () => {
  const onPathFake = fakeDaemon(DIES_ON_SECOND_REQUEST);

  test('the bundled binary (@petflow/linux-x64-gnu) comes before PATH', async () => {
    const copy = installedCopy(realDaemon());
    copy.putOnPath(onPathFake);
    const found = await copy.run('return petflow.findDaemon();');
    assert.equal(
      found.answer,
      join(copy.root, 'node_modules', '@petflow', 'linux-x64-gnu', 'bin', 'petflowd'),
    );
    const typed = await copy.run(`
      const client = await petflow.PetFlowClient.spawn();
      try {
        return (await client.format('chipNumber', '123456')).text;
      } finally {
        await client.close();
      }`);
    assert.deepEqual(typed, { answer: '12345-6' });
  });

  test('PETFLOWD comes before the bundled binary', async () => {
    const copy = installedCopy(realDaemon());
    assert.deepEqual(await copy.run('return petflow.findDaemon();', { PETFLOWD: onPathFake }), {
      answer: onPathFake,
    });
  });

  test('PATH is used when nothing is bundled', async () => {
    const copy = installedCopy();
    copy.putOnPath(onPathFake);
    assert.deepEqual(await copy.run('return petflow.findDaemon();'), {
      answer: join(copy.onPath, 'petflowd'),
    });
  });

  test('an installed copy that finds none lists where it looked and names PETFLOWD', async () => {
    const copy = installedCopy();
    const outcome = await copy.run('return (await petflow.PetFlowClient.spawn()).serverInfo;');
    assert.equal(outcome.error, 'DaemonNotFoundError');
    for (const place of [
      'PETFLOWD (not set)',
      '@petflow/linux-x64-gnu/bin/petflowd (not installed)',
      `petflowd on PATH: ${copy.onPath}`,
      'Set PETFLOWD',
      'export PETFLOWD=',
      'scripts/build',
      'spawn({path})',
      '@petflow/linux-x64-gnu, which carries petflowd',
    ]) {
      assert.ok(
        outcome.message.includes(place),
        `${JSON.stringify(place)} missing from:\n${outcome.message}`,
      );
    }
    // An installed copy has no repository around it: a build path worked out from where it
    // sits would name a folder of the project that installed it, where no build ever is.
    assert.ok(!outcome.message.includes("repository's release build"), outcome.message);
    assert.ok(!outcome.message.includes(join(copy.root, '.build')), outcome.message);
  });

  test('a checkout without a build names its release build and how to make it', async () => {
    const checkout = mkdtempSync(join(tmpdir(), 'petflow-checkout-'));
    copies.push(checkout);
    writeFileSync(join(checkout, 'Package.swift'), '// a checkout without a build\n');
    const client = join(checkout, 'clients', 'node');
    for (const entry of ['index.js', 'lib', 'bin', 'package.json'])
      cpSync(join(CLIENT, entry), join(client, entry), { recursive: true });
    const script = `
      import { findDaemon } from ${JSON.stringify(pathToFileURL(join(client, 'index.js')).href)};
      try { findDaemon(); } catch (error) { console.log(error.message); }`;
    const message = await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { cwd: checkout, env: { PATH: checkout }, timeout: 20_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${stderr}`)) : resolve(stdout)),
      ),
    );
    const build = join(checkout, '.build', 'release', 'petflowd');
    assert.ok(
      message.includes(`the repository's release build: ${build} (not built yet)`),
      message,
    );
    assert.ok(message.includes(`scripts/build in ${checkout} makes`), message);
    assert.ok(message.includes('PETFLOWD'), message);
  });

  test("the package's own petflowd command on PATH is not taken for the binary", async () => {
    const copy = installedCopy();
    copy.putOnPath(join(copy.root, 'node_modules', 'petflow', 'bin', 'petflowd.js'));
    const outcome = await copy.run('return petflow.findDaemon();');
    assert.equal(outcome.error, 'DaemonNotFoundError');
  });

  test('the petflowd command without a bundled binary says so', async () => {
    const copy = installedCopy();
    const command = join(copy.root, 'node_modules', 'petflow', 'bin', 'petflowd.js');
    const failed = await new Promise((resolve) =>
      execFile(
        process.execPath,
        [command, '--version'],
        { env: { PATH: copy.onPath } },
        (error, _stdout, stderr) => resolve({ code: error?.code, stderr }),
      ),
    );
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /no prebuilt binary: .*@petflow\/linux-x64-gnu/);
    assert.match(failed.stderr, /scripts\/build/);
  });

  test('the petflowd command runs the bundled binary and passes its exit status on', async () => {
    const copy = installedCopy(realDaemon());
    const command = join(copy.root, 'node_modules', 'petflow', 'bin', 'petflowd.js');
    const run = (args) =>
      new Promise((resolve) =>
        execFile(
          process.execPath,
          [command, ...args],
          { env: { PATH: copy.onPath } },
          (error, stdout) => resolve({ code: error ? error.code : 0, stdout }),
        ),
      );
    assert.deepEqual(await run(['format', 'chipNumber', '123456']), {
      code: 0,
      stdout: '12345-6\n',
    });
    const invalid = await run(['validate', 'email', 'rex@']);
    assert.equal(invalid.code, 1);
    assert.match(invalid.stdout, /^invalid\temail\.invalid\t/);
  });

  test('an explicit path comes first', () => {
    const saved = process.env.PETFLOWD;
    try {
      process.env.PETFLOWD = onPathFake;
      assert.equal(findDaemon(), onPathFake);
      assert.equal(findDaemon(realDaemon()), realDaemon());
    } finally {
      if (saved === undefined) delete process.env.PETFLOWD;
      else process.env.PETFLOWD = saved;
    }
  });
});

describe('a binary that cannot be used', () => {
  async function assertNotFound(candidate, says, { viaEnv }) {
    const saved = process.env.PETFLOWD;
    process.env.PETFLOWD = candidate;
    try {
      const error = await PetFlowClient.spawn(viaEnv ? {} : { path: candidate }).catch((e) => e);
      assert.ok(error instanceof DaemonNotFoundError, `expected DaemonNotFoundError, got ${error}`);
      assert.ok(error instanceof PetFlowError);
      assert.equal(error.code, null);
      assert.equal(error.path, candidate);
      assert.ok(error.message.includes(candidate));
      assert.ok(error.message.includes(says), error.message);
      assert.ok(error.message.includes(viaEnv ? 'PETFLOWD' : 'the path given'));
    } finally {
      if (saved === undefined) delete process.env.PETFLOWD;
      else process.env.PETFLOWD = saved;
    }
  }

  test('PETFLOWD naming a directory', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'petflow-dir-'));
    copies.push(directory);
    await assertNotFound(directory, 'is a directory', { viaEnv: true });
  });

  test('PETFLOWD naming a file that is not executable', async () => {
    const script = fakeDaemon('exit 0');
    chmodSync(script, 0o644);
    await assertNotFound(script, 'not executable', { viaEnv: true });
  });

  test('a path that does not exist', async () => {
    await assertNotFound('/nonexistent/petflowd', 'does not exist', { viaEnv: false });
  });
});
