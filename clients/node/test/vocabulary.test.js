// What the Node client restates of petflowd is what petflowd says: index.d.ts's unions (field
// kinds, built-in flows, edit types, inputMode, editing, step kinds, statuses, locales, the
// stale-revision code), the edit builders, the methods the client wraps and the code
// StaleRevisionError stands for. A kind, flow, edit type or method added to petflowd fails
// here until the client has it, and one the client names that petflowd does not, too.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { deleteBackward, deleteForward, insert, PetFlowClient, replace } from '../index.js';
import { STALE_REVISION_CODE } from '../lib/errors.js';
import { assertCompiles, importTypes } from '../support/typescript.js';
import { petflowdVocabulary } from '../support/vocabulary.js';

const sorted = (list) => [...list].sort();

describe('what the client restates', () => {
  let vocabulary;
  before(async () => {
    vocabulary = await petflowdVocabulary();
  });

  test('each union of index.d.ts holds exactly the values petflowd names', async () => {
    const unions = {
      FieldKind: vocabulary.fieldKinds,
      FlowName: vocabulary.builtInFlows,
      "Edit['type']": vocabulary.editTypes,
      "FieldInfo['inputMode']": vocabulary.inputModes,
      "FieldInfo['editing']": vocabulary.editings,
      "Step['kind']": vocabulary.stepKinds,
      FlowStatus: vocabulary.statuses,
      "StaleRevisionError['code']": [vocabulary.errorCodes.staleRevision],
    };
    // Per union, two checks that name what differs: a value petflowd names that the union
    // lacks is an excess property of a literal, and a member of the union petflowd does not
    // name is a property missing from a Record of petflowd's values.
    const source =
      importTypes(Object.keys(unions)) +
      Object.entries(unions)
        .map(([type, values], n) => {
          const keys = values.map((value) => JSON.stringify(String(value)));
          return (
            `export const named${n}: Partial<Record<${type}, true>> = ` +
            `{ ${keys.map((key) => `${key}: true`).join(', ')} };\n` +
            `declare const petflowd${n}: Record<${keys.join(' | ')}, true>;\n` +
            `export const declared${n}: Record<${type}, true> = petflowd${n};\n`
          );
        })
        .join('');
    await assertCompiles(source, "index.d.ts's unions differ from what petflowd names");
  });

  test('the edit builders make exactly the edit types petflowd takes', () => {
    const built = [insert('1'), deleteBackward(), deleteForward(), replace(0, 0, '1')];
    assert.deepEqual(sorted(built.map((edit) => edit.type)), sorted(vocabulary.editTypes));
  });

  test('the client has a method for each method petflowd offers, and sends no other', async () => {
    const sent = new Set();
    const recorder = Object.create(PetFlowClient.prototype);
    recorder.request = async (method) => {
      sent.add(method);
      return { fields: [], flows: [] };
    };
    // Its own and those it shares with PetFlowEngine (lib/methods.js).
    const prototypes = [PetFlowClient.prototype, Object.getPrototypeOf(PetFlowClient.prototype)];
    const methods = prototypes.flatMap((prototype) =>
      Object.getOwnPropertyNames(prototype).filter((name) => {
        const { value } = Object.getOwnPropertyDescriptor(prototype, name);
        const own = !['constructor', 'request', 'notify', 'close'].includes(name);
        return typeof value === 'function' && own && !name.startsWith('_');
      }),
    );
    // replay() takes a line of check-flows --paths and keeps the session's language.
    recorder.serverInfo = { positionEncoding: 'utf-16', locale: 'en' };
    const line = { flow: 'reportFoundPet', today: '2025-06-01', answers: [] };
    for (const name of methods) {
      await recorder[name](...(name === 'replay' ? [line] : ['a', 'b', 0, insert('1')]));
    }
    // spawn() sends initialize and close() shutdown, each on a real process.
    sent.add('initialize').add('shutdown');
    assert.deepEqual(sorted(sent), sorted(vocabulary.methods));
  });

  test('StaleRevisionError stands for the code petflowd answers a stale rev with', () => {
    assert.equal(STALE_REVISION_CODE, vocabulary.errorCodes.staleRevision);
  });
});
