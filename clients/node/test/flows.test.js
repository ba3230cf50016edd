// flow/*: a found-pet report walked to its payload, a missing-pet report backed out of.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PetFlowError, StaleRevisionError } from '../index.js';
import { spawnClient } from '../support/daemons.js';

const PHOTO = { uri: 'file:///photos/rex.jpg', mimeType: 'image/jpeg', sizeBytes: 120000 };
const PET_DETAILS = {
  disappearanceDate: '2025-05-30',
  animalSpecies: 'dog',
  animalGender: 'male',
  animalLatitude: '52.2297',
  animalLongitude: 21.0122,
  chipNumber: '12345-67890-12345',
  animalAge: '3',
};
const CONTACT = { phone: '+48 123 456 789', email: 'finder@example.com' };

describe('flows', () => {
  let client;
  before(async () => {
    client = await spawnClient();
  });
  after(() => client.close());

  test('flows lists both reports with their steps', async () => {
    const flows = Object.fromEntries((await client.flows()).map((flow) => [flow.id, flow]));
    assert.deepEqual(Object.keys(flows).sort(), ['reportFoundPet', 'reportMissingPet']);
    const found = flows.reportFoundPet;
    assert.deepEqual(
      found.steps.map((step) => step.id),
      ['photo', 'petDetails', 'contactDetails'],
    );
    assert.deepEqual(found.steps[1].progress, { current: 2, total: 3, label: '2/3' });
  });

  test('a found-pet report walks to its payload', async () => {
    const { flowId, step, canBack } = await client.start('reportFoundPet');
    assert.equal(step.id, 'photo');
    assert.equal(canBack, false);

    const refused = await client.next(flowId);
    assert.equal(refused.step.id, 'photo');
    assert.equal(refused.errors.photo.code, 'photo.required');

    const details = await client.next(flowId, { photo: PHOTO });
    assert.equal(details.step.id, 'petDetails');
    assert.equal(details.canBack, true);

    const contact = await client.next(flowId, PET_DETAILS);
    assert.equal(contact.step.id, 'contactDetails');
    assert.equal(contact.values.chipNumber, '123456789012345');
    assert.equal(contact.display.chipNumber, '12345-67890-12345');

    const submitted = await client.next(flowId, CONTACT);
    assert.equal(submitted.status, 'submitted');
    assert.deepEqual(submitted.payload, {
      photo: PHOTO,
      chipNumber: '123456789012345',
      disappearanceDate: '2025-05-30',
      species: 'dog',
      race: null,
      gender: 'male',
      age: 3,
      location: { latitude: 52.2297, longitude: 21.0122 },
      additionalDescription: null,
      contactDetails: {
        phone: '+48123456789',
        email: 'finder@example.com',
        rewardDescription: null,
      },
    });
    assert.equal((await client.state(flowId)).status, 'submitted');
  });

  test('update stores values without moving on', async () => {
    const { flowId, rev } = await client.start('reportFoundPet');
    await client.next(flowId, { photo: PHOTO });
    const updated = await client.update(flowId, { disappearanceDate: '20250530' });
    assert.equal(updated.step.id, 'petDetails');
    assert.equal(updated.values.disappearanceDate, '2025-05-30');
    assert.ok(updated.rev > rev);
    assert.deepEqual((await client.state(flowId)).values, updated.values);
  });

  test('validateFlow reports errors without storing', async () => {
    const { flowId } = await client.start('reportFoundPet');
    await client.next(flowId, { photo: PHOTO });
    const check = await client.validateFlow(flowId, { disappearanceDate: '2025-13-01' }, [
      'disappearanceDate',
    ]);
    assert.equal(check.valid, false);
    assert.deepEqual(Object.keys(check.errors), ['disappearanceDate']);
    assert.equal(check.errors.disappearanceDate.code, 'date.invalid');
    assert.equal('disappearanceDate' in (await client.state(flowId)).values, false);
  });

  test('export and import continue a flow under a new id', async () => {
    const { flowId } = await client.start('reportFoundPet');
    await client.next(flowId, { photo: PHOTO });
    const before = await client.next(flowId, PET_DETAILS);
    const snapshot = await client.export(flowId);
    assert.equal(snapshot.step, 'contactDetails');
    const restored = await client.import(snapshot);
    assert.notEqual(restored.flowId, flowId);
    assert.equal(restored.step.id, 'contactDetails');
    assert.deepEqual(restored.values, before.values);
    assert.equal((await client.next(restored.flowId, CONTACT)).status, 'submitted');
  });

  test('a missing-pet report goes back keeping values, then cancels', async () => {
    const { flowId } = await client.start('reportMissingPet');
    assert.equal((await client.next(flowId, { chipNumber: '123456' })).step.id, 'photo');
    const back = await client.back(flowId);
    assert.equal(back.step.id, 'chipNumber');
    assert.deepEqual(back.values, { chipNumber: '123456' });

    const cancelled = await client.cancel(flowId);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.step, null);
    await assert.rejects(client.next(flowId), (error) => {
      assert.ok(error instanceof PetFlowError);
      assert.equal(error.code, -32011);
      assert.equal(error.data.status, 'cancelled');
      return true;
    });
  });

  test('a stale rev changes nothing and carries the current snapshot', async () => {
    const flow = await client.start('reportMissingPet');
    const moved = await client.next(flow.flowId, { chipNumber: '123456' }, { rev: flow.rev });
    assert.equal(moved.step.id, 'photo');
    // The same Continue again (a double click), with the rev the UI showed before:
    const stale = await client.next(flow.flowId, undefined, { rev: flow.rev }).catch((e) => e);
    assert.ok(stale instanceof StaleRevisionError, `expected StaleRevisionError, got ${stale}`);
    assert.ok(stale instanceof PetFlowError);
    assert.equal(stale.code, -32015);
    assert.equal(stale.flowId, flow.flowId);
    assert.equal(stale.rev, moved.rev);
    const now = await client.state(flow.flowId);
    assert.deepEqual(now, moved); // nothing changed
    assert.deepEqual(stale.snapshot, now);
  });

  test('every moving call takes a rev', async () => {
    const flow = await client.start('reportMissingPet');
    const updated = await client.update(flow.flowId, { chipNumber: '1' }, { rev: flow.rev });
    for (const call of [
      () => client.update(flow.flowId, { chipNumber: '2' }, { rev: flow.rev }),
      () => client.back(flow.flowId, { rev: flow.rev }),
      () => client.goto(flow.flowId, 'chipNumber', { rev: flow.rev }),
      () => client.cancel(flow.flowId, { rev: flow.rev }),
    ]) {
      await assert.rejects(call(), { name: 'StaleRevisionError', rev: updated.rev });
    }
    assert.deepEqual((await client.state(flow.flowId)).values, { chipNumber: '1' });
    assert.equal((await client.cancel(flow.flowId, { rev: updated.rev })).status, 'cancelled');
  });

  test('back on the first step cancels', async () => {
    const { flowId } = await client.start('reportMissingPet');
    assert.equal((await client.back(flowId)).status, 'cancelled');
  });

  test('an unknown flow and an unknown flow id are errors', async () => {
    await assert.rejects(client.start('reportLostKeys'), { name: 'PetFlowError', code: -32012 });
    await assert.rejects(client.state('no-such-flow'), {
      name: 'PetFlowError',
      code: -32010,
      data: { flowId: 'no-such-flow' },
    });
  });

  test('goto goes to any step whose earlier steps validate, values kept', async () => {
    const { flowId } = await client.start('reportFoundPet');
    await client.next(flowId, { photo: PHOTO });
    const contact = await client.next(flowId, PET_DETAILS);
    assert.equal(contact.step.id, 'contactDetails');
    const photo = await client.goto(flowId, 'photo', { rev: contact.rev });
    assert.equal(photo.step.id, 'photo');
    assert.equal(photo.values.chipNumber, '123456789012345');
    assert.equal((await client.goto(flowId, 'contactDetails')).step.id, 'contactDetails');
    const same = await client.goto(flowId, 'contactDetails');
    assert.equal(same.rev, (await client.state(flowId)).rev); // the current step: nothing changes
  });

  test('goto a step unknown or out of reach says why; an ended flow is refused', async () => {
    const { flowId } = await client.start('reportFoundPet');
    for (const [step, data] of [
      ['contactDetails', { parameter: 'step', reason: 'blocked', blockedBy: 'photo' }],
      ['dragons', { parameter: 'step', reason: 'unknown' }],
    ]) {
      await assert.rejects(client.goto(flowId, step), { name: 'PetFlowError', code: -32602, data });
    }
    await client.cancel(flowId);
    await assert.rejects(client.goto(flowId, 'photo'), { name: 'PetFlowError', code: -32011 });
  });
});
