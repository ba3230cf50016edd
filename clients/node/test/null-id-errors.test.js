// Errors petflowd cannot tie to an id ("id": null) fail the oldest unanswered call at once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PetFlowClient, PetFlowError, PetFlowTimeoutError } from '../index.js';
import { fakeDaemon, realDaemonWith, TODAY } from '../support/daemons.js';

const INITIALIZED =
  '{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"fake","version":"0"},' +
  '"positionEncoding":"utf-16","locale":"en","methods":[]}}';

describe('errors with "id": null', () => {
  test('a message too large fails its call at once, even with no timeout', async () => {
    const path = realDaemonWith('--max-message-bytes', '4096');
    const client = await PetFlowClient.spawn({ path, today: TODAY, timeout: 0 });
    try {
      const error = await client.format('text', 'x'.repeat(5000)).catch((e) => e);
      assert.ok(error instanceof PetFlowError);
      assert.equal(error.code, -32005);
      assert.equal(error.data.limit, 4096);
      // The session goes on, and the next call gets its own answer.
      assert.equal((await client.format('chipNumber', '123456')).text, '12345-6');
    } finally {
      await client.close();
    }
  });

  test('nesting too deep fails its call with the parse error', async () => {
    let deep = 'x';
    for (let i = 0; i < 200; i++) deep = [deep]; // petflowd's --max-depth is 128
    const client = await PetFlowClient.spawn({ today: TODAY, timeout: 0 });
    try {
      await assert.rejects(client.validate('text', { value: deep }), { code: -32700 });
      assert.equal((await client.validate('email', 'rex@example.com')).valid, true);
    } finally {
      await client.close();
    }
  });

  test('among many calls in flight, each gets its own answer or error', async () => {
    const client = await PetFlowClient.spawn({
      path: realDaemonWith('--max-message-bytes', '4096'),
      today: TODAY,
    });
    try {
      const numbers = Array.from({ length: 90 }, (_, n) => n);
      const outcomes = await Promise.all(
        numbers.map((n) => {
          const digits = String(n).padStart(6, '0');
          const call =
            n % 3 === 0
              ? client.format('text', digits.repeat(1000))
              : client.format('chipNumber', digits);
          return call.then(
            (result) => result.value,
            (error) => error.code,
          );
        }),
      );
      assert.deepEqual(
        outcomes,
        numbers.map((n) => (n % 3 === 0 ? -32005 : String(n).padStart(6, '0'))),
      );
    } finally {
      await client.close();
    }
  });

  test('an error owed to a call that timed out does not fail the next one', async () => {
    // The fake reads the call that will time out and the next one, then answers the first
    // with an id:null error and the second with its own answer, in order.
    const path = fakeDaemon(`
read -r line
printf '%s\\n' '${INITIALIZED}'
read -r line
read -r line
printf '%s\\n' '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}'
printf '%s\\n' '{"jsonrpc":"2.0","id":3,"result":{"fields":[]}}'
exec cat >/dev/null`);
    const client = await PetFlowClient.spawn({ path, timeout: 300 });
    try {
      await assert.rejects(client.request('field/list'), PetFlowTimeoutError);
      assert.deepEqual(await client.request('field/list', undefined, { timeout: 10_000 }), {
        fields: [],
      });
    } finally {
      await client.close();
    }
  });
});
