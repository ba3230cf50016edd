// index.d.ts matches what petflowd sends: real answers, written as TypeScript object
// literals typed with the declared interfaces, must compile under tsc --strict. A literal
// gets TypeScript's excess-property check, so a member the daemon sends that index.d.ts
// lacks fails, as does a required member the daemon does not send.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deleteBackward, insert } from '../index.js';
import { spawnClient } from '../support/daemons.js';
import { assertCompiles, importTypes } from '../support/typescript.js';

const PHOTO = { uri: 'file:///photos/rex.jpg', mimeType: 'image/jpeg', sizeBytes: 120000 };

/** Every kind of answer, from the real daemon, by the interface that declares it. */
async function collectAnswers(client) {
  const found = await client.start('reportFoundPet');
  const refused = await client.next(found.flowId);
  const details = await client.next(found.flowId, { photo: PHOTO });
  const kept = await client.update(found.flowId, { animalSpecies: 'dragon', chipNumber: '123' });
  const stale = await client
    .next(found.flowId, undefined, { rev: found.rev })
    .catch((error) => error);
  assert.equal(stale.name, 'StaleRevisionError', String(stale));
  const missing = await client.start('reportMissingPet');
  const submitted = await [
    { chipNumber: '1' },
    {},
    { description: 'Grey' },
    { contactPhone: '600700800' },
    {},
  ].reduce(
    async (snapshot, values) => client.next((await snapshot).flowId, values),
    Promise.resolve(missing),
  );
  assert.equal(submitted.status, 'submitted');
  const branching = await sightingAnswers();
  return {
    InitializeResult: [client.serverInfo],
    FieldResult: [
      await client.format('chipNumber', '123456'),
      await client.format('chipNumber', '1234567890123456'),
      await client.format('date', '20251301'),
      await client.edit('chipNumber', '12345-67890', 6, insert(' 9a8-7 ')),
      await client.edit('chipNumber', '', 0, deleteBackward()),
      await client.edit('chipNumber', '12345-67890-12345', 2, insert('7')),
    ],
    Validation: [
      await client.validate('email', 'rex@example.com'),
      await client.validate('phone', '12-34'),
    ],
    FlowValidation: [await client.validateFlow(found.flowId, { animalAge: '55' })],
    FieldInfo: await client.fields(),
    FlowInfo: [...(await client.flows()), ...branching.flows],
    FlowSnapshot: [
      found,
      refused,
      details,
      kept,
      submitted,
      await client.cancel(found.flowId),
      await client.state(found.flowId),
      ...branching.snapshots,
    ],
    ExportedFlow: [
      await client.export((await client.start('reportMissingPet')).flowId),
      await exportWithRejected(client),
      branching.exported,
    ],
    "StaleRevisionError['data']": [stale.data],
  };
}

/** Answers of a flow that branches (flows/examples): dormant values, an upgraded import. */
async function sightingAnswers() {
  const examples = fileURLToPath(new URL('../../../flows/examples', import.meta.url));
  const client = await spawnClient({ args: ['--flows', examples] });
  const newer = await spawnClient({ args: ['--flows', `${examples}/version2`] });
  try {
    const { flowId } = await client.start('reportSighting');
    await client.next(flowId, { photo: PHOTO });
    await client.next(flowId, {
      latitude: 52.2,
      longitude: 21,
      species: 'bird',
      stillThere: 'yes',
    });
    await client.update(flowId, { phone: '600100200' });
    await client.back(flowId);
    const dormant = await client.update(flowId, { stillThere: 'no' });
    assert.ok(dormant.dormant);
    const exported = await client.export(flowId);
    const upgraded = await newer.import(exported);
    assert.ok(upgraded.upgradeDropped);
    return { flows: await client.flows(), snapshots: [dormant, upgraded], exported };
  } finally {
    await Promise.all([client.close(), newer.close()]);
  }
}

async function exportWithRejected(client) {
  const { flowId } = await client.start('reportFoundPet');
  await client.next(flowId, { photo: PHOTO });
  await client.update(flowId, { animalSpecies: 'dragon' });
  const exported = await client.export(flowId);
  assert.deepEqual(exported.rejected, { animalSpecies: 'dragon' });
  return exported;
}

test('index.d.ts declares exactly the members petflowd answers', async () => {
  const client = await spawnClient();
  let answers;
  try {
    answers = await collectAnswers(client);
  } finally {
    await client.close();
  }
  const source =
    importTypes(Object.keys(answers)) +
    Object.entries(answers)
      .map(
        ([type, list], n) =>
          `export const answers${n}: ${type}[] = ${JSON.stringify(list, null, 2)};\n`,
      )
      .join('');
  await assertCompiles(source, 'index.d.ts does not match the answers');
});
