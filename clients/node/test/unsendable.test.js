// What petflowd can never accept fails before it is sent: NaN, infinities, lone surrogates.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetFlowError, UnsendableInputError } from '../index.js';
import { spawnClient } from '../support/daemons.js';

describe('unsendable input', () => {
  let client;
  before(async () => {
    client = await spawnClient();
  });
  after(() => client.close());

  async function assertUnsendable(call, path) {
    const error = await call().catch((e) => e);
    assert.ok(error instanceof UnsendableInputError, `expected UnsendableInputError, got ${error}`);
    assert.ok(error instanceof PetFlowError);
    assert.equal(error.code, null);
    assert.equal(error.path, path);
    assert.ok(error.message.includes(path));
    // Nothing was sent: had petflowd read it, its id:null error would fail this call.
    assert.equal((await client.format('chipNumber', '123456')).text, '12345-6');
    return error;
  }

  test('NaN is refused, not sent as null (petflowd would take it as empty, valid)', async () => {
    const error = await assertUnsendable(
      () => client.validate('latitude', { value: NaN }),
      'value',
    );
    assert.match(error.reason, /NaN is not a JSON number/);
  });

  test('an infinity inside flow values', async () => {
    const flow = await client.start('reportFoundPet');
    await client.next(flow.flowId, { photo: { uri: 'file:///a.jpg', mimeType: 'image/jpeg' } });
    await assertUnsendable(
      () => client.update(flow.flowId, { animalLatitude: 52.1, animalLongitude: -Infinity }),
      'values.animalLongitude',
    );
    assert.equal((await client.state(flow.flowId)).values.animalLatitude, undefined);
  });

  test('a lone surrogate: half of an emoji cut by a UTF-16 slice', async () => {
    const half = '🐶'.slice(0, 1);
    const error = await assertUnsendable(() => client.format('text', `Rex ${half}`), 'text');
    assert.match(error.reason, /U\+D83D at index 4/);
    await assertUnsendable(
      () => client.edit('text', 'Rex', 3, { type: 'insert', text: '🐶'.slice(1) }),
      'edit.text',
    );
    await assertUnsendable(
      () => client.validate('photo', { value: { [`uri${half}`]: 'x' } }),
      'value.uri\\ud83d',
    );
  });

  test('whole emoji are sent as they are', async () => {
    const result = await client.format('text', 'Rex 🐶👍🏽');
    assert.equal(result.text, 'Rex 🐶👍🏽');
  });
});
