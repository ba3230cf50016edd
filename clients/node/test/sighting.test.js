// The example sighting report (flows/examples) through the client, spawned with `args`: every
// branch, Back across a branch, an answer changed and changed back, an upgrade on import.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { PetFlowClient } from '../index.js';
import { spawnClient } from '../support/daemons.js';

const EXAMPLES = fileURLToPath(new URL('../../../flows/examples', import.meta.url));
const VERSION_2 = `${EXAMPLES}/version2`;
const PHOTO = { uri: 'file:///photos/stray.jpg', mimeType: 'image/jpeg' };
const where = (stillThere, species = 'cat') => ({
  latitude: '52.2297',
  longitude: 21.0122,
  species,
  stillThere,
});

describe('sighting report', () => {
  let client;
  before(async () => {
    client = await spawnClient({ args: ['--flows', EXAMPLES] });
  });
  after(() => client.close());

  async function onWhere() {
    const { flowId } = await client.start('reportSighting');
    await client.next(flowId, { photo: PHOTO });
    return flowId;
  }

  test('is listed after the built-in reports, with its title', async () => {
    const flows = await client.flows();
    // The built-in reports are what a daemon without --flows lists, and the files follow in
    // the order of their names: the sighting report and any example beside it.
    const plain = await spawnClient();
    const builtIn = (await plain.flows()).map((flow) => flow.id);
    await plain.close();
    const files = readdirSync(EXAMPLES)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(`${EXAMPLES}/${name}`, 'utf8')).id);
    assert.deepEqual(
      flows.map((flow) => flow.id),
      [...builtIn, ...files],
    );
    assert.equal(flows.find((flow) => flow.id === 'reportSighting').title, 'Report a sighting');
  });

  test('still there: through contact to the summary, the phone sent', async () => {
    const flowId = await onWhere();
    const contact = await client.next(flowId, where('yes'));
    assert.equal(contact.step.id, 'contact');
    assert.equal((await client.next(flowId, { phone: '600 100 200' })).step.id, 'summary');
    const sent = await client.next(flowId);
    assert.equal(sent.status, 'submitted');
    assert.equal(sent.payload.contactPhone, '600100200');
  });

  test('gone: straight to the summary, no phone sent', async () => {
    const flowId = await onWhere();
    assert.equal((await client.next(flowId, where('no'))).step.id, 'summary');
    assert.equal((await client.next(flowId)).payload.contactPhone, null);
  });

  test('Back after the branch goes to the step before on the path', async () => {
    const flowId = await onWhere();
    await client.next(flowId, where('no'));
    assert.equal((await client.back(flowId)).step.id, 'where');
  });

  test('a changed answer keeps the phone dormant until it changes back', async () => {
    const flowId = await onWhere();
    await client.next(flowId, where('yes'));
    await client.update(flowId, { phone: '600100200' });
    await client.back(flowId);
    const gone = await client.update(flowId, { stillThere: 'no' });
    assert.equal(gone.values.phone, undefined);
    assert.deepEqual(gone.dormant, { phone: '600100200' });
    assert.equal(gone.step.progress.label, '2/2');
    const back = await client.update(flowId, { stillThere: 'yes' });
    assert.equal(back.values.phone, '600100200');
    assert.equal(back.dormant, undefined);
  });

  test('a snapshot of version 1 is upgraded, and the answer says what went', async () => {
    const flowId = await onWhere();
    await client.next(flowId, where('yes', 'bird'));
    await client.update(flowId, { phone: '600100200' });
    const snapshot = await client.export(flowId);
    assert.equal(snapshot.digest.length, 16);
    const newer = await spawnClient({ args: ['--flows', VERSION_2] });
    try {
      const imported = await newer.import(snapshot);
      assert.equal(imported.version, 2);
      assert.equal(imported.values.contactPhone, '600100200');
      assert.deepEqual(imported.upgradeDropped, [
        { field: 'species', reason: 'not a value its field takes in version 2' },
      ]);
      assert.equal(imported.step.id, 'where');
    } finally {
      await newer.close();
    }
  });
});

test('args must be an array of strings', async () => {
  await assert.rejects(PetFlowClient.spawn({ args: '--flows' }), TypeError);
});
