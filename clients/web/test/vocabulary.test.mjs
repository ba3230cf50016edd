// What the binding and the pages restate of petflowd is what petflowd says (node --test, run by
// scripts/test.d/browser.sh before the browser suite): the codes they act on are the ones
// petflowd answers, the bridge's own codes are none of petflowd's, the binding's edits are the
// edit types petflowd takes (each previewed while the link is down), and the pages speak only
// languages petflowd serves.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { petflowdVocabulary } from '../../node/support/vocabulary.js';
import { STRINGS } from '../app/strings.js';
import { deleteBackward, deleteForward, insert, replace } from '../lib/edits.js';
import { applyLocally } from '../lib/local-edit.js';
import { BRIDGE_ERRORS, PETFLOWD_ERRORS } from '../lib/rpc-error.js';

const sorted = (list) => [...list].sort();

describe('what the web binding and the demo restate', () => {
  let vocabulary;
  before(async () => {
    vocabulary = await petflowdVocabulary();
  });

  test("petflowd's codes the pages act on are the ones it answers", () => {
    assert.deepEqual(PETFLOWD_ERRORS, vocabulary.errorCodes);
  });

  test("the bridge's own codes are server errors petflowd never names", () => {
    for (const [name, code] of Object.entries(BRIDGE_ERRORS)) {
      assert.ok(code >= -32099 && code <= -32000, `${name}: ${code} is no JSON-RPC server error`);
      assert.ok(!vocabulary.documentedCodes.includes(code), `${name}: protocol.md names ${code}`);
    }
  });

  test('the binding builds exactly the edit types petflowd takes', () => {
    const built = [insert('1'), deleteBackward(), deleteForward(), replace(0, 0, '1')];
    assert.deepEqual(sorted(built.map((edit) => edit.type)), sorted(vocabulary.editTypes));
  });

  test('every edit type petflowd takes is previewed while the link is down', () => {
    const state = { text: 'ab', start: 1, end: 1 };
    for (const type of vocabulary.editTypes) {
      const edit = { type, text: 'x', start: 0, end: 1 }; // what any type may carry
      assert.notEqual(applyLocally(state, edit).text, state.text, `${type} is not previewed`);
    }
  });

  test('the pages speak only languages petflowd serves', () => {
    for (const language of Object.keys(STRINGS)) {
      assert.ok(vocabulary.locales.includes(language), `petflowd does not serve ${language}`);
    }
  });
});
