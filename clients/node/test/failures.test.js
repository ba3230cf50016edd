// What goes wrong: error answers, a daemon that dies, one that never answers; many requests
// in flight; a script that forgets close().
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import {
  ClientClosedError,
  DaemonExitedError,
  findDaemon,
  PetFlowClient,
  PetFlowError,
  PetFlowTimeoutError,
} from '../index.js';
import {
  DIES_ON_SECOND_REQUEST,
  fakeDaemon,
  holdsARequest,
  MARGIN_MS,
  NEVER_ANSWERS_AFTER_INITIALIZE,
  reaped,
  spawnClient,
  waitUntil,
} from '../support/daemons.js';

/** Runs `body(client)` with a client of the real daemon, closing it after. */
async function withClient(body, options) {
  const client = await spawnClient(options);
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

describe('error answers', () => {
  test('a bad request rejects with PetFlowError carrying code, message and data', () =>
    withClient(async (client) => {
      const error = await client.format('dogName', 'Rex').catch((e) => e);
      assert.ok(error instanceof PetFlowError);
      assert.ok(!(error instanceof DaemonExitedError));
      assert.equal(error.code, -32602);
      assert.match(error.message, /unknown field kind 'dogName'/);
      assert.deepEqual(error.data, { parameter: 'field' });
      // The session goes on after an error answer.
      assert.equal((await client.format('chipNumber', '1')).text, '1');
    }));

  test('an unknown method through request()', () =>
    withClient(async (client) => {
      await assert.rejects(client.request('pet/feed'), {
        code: -32601,
        data: { method: 'pet/feed' },
      });
    }));
});

describe('many requests in flight', () => {
  test('answers are matched to their requests by id', () =>
    withClient(async (client) => {
      const digits = Array.from({ length: 500 }, (_, n) => String(n * 37).padStart(6, '0'));
      const results = await Promise.all(digits.map((d) => client.format('chipNumber', d)));
      assert.deepEqual(
        results.map((r) => r.value),
        digits,
      );
      assert.deepEqual(
        results.map((r) => r.text),
        digits.map((d) => `${d.slice(0, 5)}-${d.slice(5)}`),
      );
    }));

  test('an error answer among them rejects only its own promise', () =>
    withClient(async (client) => {
      const outcomes = await Promise.allSettled([
        client.format('chipNumber', '1'),
        client.format('nope', '2'),
        client.start('reportMissingPet'),
      ]);
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      assert.equal(outcomes[1].reason.code, -32602);
    }));
});

describe('the daemon', () => {
  test('close() shuts it down cleanly; later requests reject', async () => {
    const client = await spawnClient();
    assert.equal(await client.close(), 0);
    assert.equal(await client.close(), 0);
    await assert.rejects(client.format('chipNumber', '1'), ClientClosedError);
  });

  test('exiting mid-request rejects with DaemonExitedError: status and stderr', async () => {
    const client = await PetFlowClient.spawn({ path: fakeDaemon(DIES_ON_SECOND_REQUEST) });
    assert.equal(client.serverInfo.serverInfo.name, 'fake');
    const error = await client.format('chipNumber', '123').catch((e) => e);
    assert.ok(error instanceof DaemonExitedError);
    assert.ok(error instanceof PetFlowError);
    assert.equal(error.code, null);
    assert.equal(error.exitCode, 3);
    assert.match(error.stderr, /fake petflowd: giving up on:/);
    assert.match(error.message, /exit status 3/);
    // Every later request fails the same way, at once.
    await assert.rejects(client.fields(), DaemonExitedError);
    assert.equal(await client.close(), 3);
  });

  test('killing it rejects every pending request', async () => {
    const seen = `${fakeDaemon('')}.seen`;
    const client = await PetFlowClient.spawn({
      path: fakeDaemon(holdsARequest(seen)),
      timeout: 30_000,
    });
    const pending = [
      client.format('chipNumber', '1'),
      client.flows(),
      client.start('reportFoundPet'),
    ];
    assert.ok(await waitUntil(() => existsSync(seen)), 'the requests never reached the daemon');
    process.kill(client.pid, 'SIGKILL');
    const outcomes = await Promise.allSettled(pending);
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected');
      assert.ok(outcome.reason instanceof DaemonExitedError);
      assert.equal(outcome.reason.signal, 'SIGKILL');
    }
    await client.close();
  });

  test('a real daemon killed between requests', async () => {
    const client = await spawnClient();
    process.kill(client.pid, 'SIGKILL');
    await assert.rejects(client.format('chipNumber', '123'), {
      name: 'DaemonExitedError',
      signal: 'SIGKILL',
    });
    await client.close();
  });

  test('exited resolves when the daemon dies by itself, with no request in flight', async () => {
    const client = await spawnClient();
    // Awaiting exited does not hold Node (an idle client never does): a timer stands in for
    // the HTTP server that holds a bridge.
    const holdNode = setInterval(() => {}, 1000);
    try {
      process.kill(client.pid, 'SIGKILL');
      assert.deepEqual(await client.exited, { code: null, signal: 'SIGKILL' });
    } finally {
      clearInterval(holdNode);
    }
    await client.close();
  });

  test('exited resolves with the exit code after close()', async () => {
    const client = await spawnClient();
    const exited = client.exited;
    assert.equal(await client.close(), 0);
    assert.deepEqual(await exited, { code: 0, signal: null });
  });

  test('one that exits at once fails spawn()', async () => {
    const path = fakeDaemon("echo 'fake petflowd: no' >&2\nexit 7");
    await assert.rejects(PetFlowClient.spawn({ path }), (error) => {
      assert.ok(error instanceof DaemonExitedError);
      assert.equal(error.exitCode, 7);
      assert.match(error.stderr, /fake petflowd: no/);
      return true;
    });
  });

  test('a closed client says it is closed', async () => {
    const client = await spawnClient();
    assert.equal(await client.close(), 0);
    const error = await client.format('chipNumber', '1').catch((e) => e);
    assert.ok(error instanceof ClientClosedError);
    assert.ok(error instanceof DaemonExitedError);
    assert.match(error.message, /client is closed/);
    assert.equal(error.exitCode, 0);
  });

  test('a client closed after its daemon died says it is closed', async () => {
    const client = await spawnClient();
    process.kill(client.pid, 'SIGKILL');
    const died = await client.format('chipNumber', '1').catch((e) => e);
    assert.ok(died instanceof DaemonExitedError && !(died instanceof ClientClosedError));
    await client.close();
    await assert.rejects(client.fields(), ClientClosedError);
  });
});

describe('timeouts', () => {
  test('a request that outlives its timeout rejects with PetFlowTimeoutError', async () => {
    const client = await PetFlowClient.spawn({
      path: fakeDaemon(NEVER_ANSWERS_AFTER_INITIALIZE),
      timeout: 300,
    });
    const error = await client.format('chipNumber', '123').catch((e) => e);
    assert.ok(error instanceof PetFlowTimeoutError);
    assert.ok(error instanceof PetFlowError);
    assert.equal(error.code, null);
    assert.equal(error.method, 'field/format');
    assert.equal(error.timeout, 300);
    await assert.rejects(
      client.request('field/list', undefined, { timeout: 50 }),
      PetFlowTimeoutError,
    );
    assert.notEqual(await client.close(), undefined); // ended, killed if need be: never hangs
  });

  test('a daemon that never answers initialize fails spawn() with a timeout', async () => {
    const path = fakeDaemon('exec cat >/dev/null');
    await assert.rejects(PetFlowClient.spawn({ path, timeout: 300 }), {
      name: 'PetFlowTimeoutError',
      method: 'initialize',
    });
  });

  test('a failed start reports within its timeout and ends the process', async () => {
    // Reads nothing, answers nothing and ignores the end of its input: only a kill ends it.
    const pidFile = `${fakeDaemon('')}.pid`;
    const path = fakeDaemon(`echo $$ > ${pidFile}\nexec sleep 30`);
    const started = performance.now();
    await assert.rejects(PetFlowClient.spawn({ path, timeout: 1000 }), {
      name: 'PetFlowTimeoutError',
      method: 'initialize',
      timeout: 1000,
    });
    const elapsed = performance.now() - started;
    // The timeout and a margin for spawning and killing on a loaded machine: far less than the
    // 30 s the fake would take to end by itself.
    assert.ok(elapsed < 1000 + MARGIN_MS, `spawn() took ${elapsed} ms for a 1000 ms timeout`);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(await reaped(pid), `petflowd ${pid} was left behind`);
  });
});

describe('the event loop', () => {
  test('a script that never calls close() still ends, and its daemon with it', async () => {
    const index = fileURLToPath(new URL('../index.js', import.meta.url));
    const script = `
      import { PetFlowClient } from ${JSON.stringify(index)};
      const client = await PetFlowClient.spawn({ path: ${JSON.stringify(findDaemon())} });
      console.log((await client.format('chipNumber', '123456')).text);`;
    const stdout = await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { timeout: 20_000 },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
    });
    assert.equal(stdout, '12345-6\n');
  });
});
