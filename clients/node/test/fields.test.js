// field/*: formatting, edits and their carets (UTF-16 indices), validation, the kinds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deleteBackward, deleteForward, insert, replace } from '../index.js';
import { spawnClient, TODAY } from '../support/daemons.js';

/** The text with the caret drawn as |. */
const drawn = ({ text, caret }) => `${text.slice(0, caret)}|${text.slice(caret)}`;

describe('fields', () => {
  let client;
  before(async () => {
    client = await spawnClient();
  });
  after(() => client.close());

  test('initialize negotiated utf-16', () => {
    assert.equal(client.serverInfo.positionEncoding, 'utf-16');
    assert.equal(client.serverInfo.serverInfo.name, 'petflowd');
    assert.equal(client.serverInfo.today, TODAY);
  });

  test('format groups a chip number and keeps the caret at the end', async () => {
    const result = await client.format('chipNumber', '123456');
    assert.deepEqual(result, {
      text: '12345-6',
      caret: 7,
      selection: { start: 7, end: 7 },
      value: '123456',
      error: null,
    });
  });

  test('an emoji before the caret counts as two UTF-16 indices', async () => {
    const text = '🐶' + '123456';
    assert.equal(text.length, 8);
    assert.equal(drawn(await client.format('chipNumber', text, text.length)), '12345-6|');
    // The caret after "🐶123" is index 5 in JavaScript: three digits before it.
    assert.equal(drawn(await client.format('chipNumber', text, 5)), '123|45-6');
  });

  test('offsets answered after an emoji are UTF-16 indices', async () => {
    const text = '🐶🐱 abc';
    const result = await client.format('text', text, text.length);
    assert.equal(result.caret, text.length);
    assert.equal(result.text.slice(0, result.caret), text);
  });

  test('format with a selection', async () => {
    const result = await client.format('chipNumber', '1234567', { start: 1, end: 6 });
    assert.equal(result.text, '12345-67');
    assert.deepEqual(result.selection, { start: 1, end: 7 });
  });

  test('Arabic-Indic digits are read as digits', async () => {
    const result = await client.format('chipNumber', '١٢٣٤٥٦');
    assert.equal(drawn(result), '12345-6|');
    assert.equal(result.value, '123456');
    assert.equal(drawn(await client.edit('chipNumber', '12345', 5, insert('٦'))), '12345-6|');
  });

  test('backspace just after the hyphen deletes the digit before it', async () => {
    const result = await client.edit('chipNumber', '12345-67890', 6, deleteBackward());
    assert.equal(drawn(result), '1234|6-7890');
  });

  test('a paste with junk keeps the digits, lands after them, says one was dropped', async () => {
    const result = await client.edit('chipNumber', '12345-67890', 6, insert(' 9a8-7 '));
    assert.equal(drawn(result), '12345-987|67-890');
    // The "a" was left out (the space and "-" are separators): dropped, not truncated.
    assert.equal(result.dropped, true);
    assert.equal(result.truncated, undefined);
    assert.equal(result.rejected, undefined);
  });

  test('digits past the length are truncated, not dropped', async () => {
    const result = await client.format('chipNumber', '1234567890123456');
    assert.equal(result.text, '12345-67890-12345');
    assert.equal(result.truncated, true);
    assert.equal(result.dropped, undefined);
  });

  test('delete forward over a selection, and replace around an emoji', async () => {
    assert.equal(
      drawn(await client.edit('chipNumber', '12345-67890', [0, 2], deleteForward())),
      '|34567-890',
    );
    const replaced = await client.edit('text', '🐶 good boy', 0, replace(0, 2, '🐱'));
    assert.equal(drawn(replaced), '🐱| good boy');
  });

  test('edit takes the selection of a previous result', async () => {
    const typed = await client.format('chipNumber', '1234');
    assert.equal(
      drawn(await client.edit('chipNumber', typed.text, typed.selection, insert('5'))),
      '12345|',
    );
  });

  test('a digit past the length is rejected, text past maxLength truncated', async () => {
    const full = '12345-67890-12345';
    const rejected = await client.edit('chipNumber', full, full.length, insert('6'));
    assert.equal(rejected.rejected, true);
    assert.equal(rejected.text, full);
    const truncated = await client.format('text', 'abcdef', undefined, { maxLength: 3 });
    assert.equal(truncated.truncated, true);
    assert.equal(truncated.text, 'abc');
  });

  test('validation errors are results, not exceptions', async () => {
    const formatted = await client.format('date', '20251301');
    assert.equal(formatted.text, '2025-13-01');
    assert.equal(formatted.error.code, 'date.invalid');
    assert.deepEqual(await client.validate('email', 'rex@example.com'), {
      valid: true,
      value: 'rex@example.com',
      error: null,
    });
    assert.equal((await client.validate('email', 'rex@')).error.code, 'email.invalid');
    assert.equal((await client.validate('age', { value: 3 })).valid, true);
    const missing = await client.validate('photo', undefined, { required: true });
    assert.equal(missing.error.code, 'photo.required');
  });

  test('whole values are judged as given', async () => {
    assert.equal((await client.validate('age', '2.5')).error.code, 'age.notWhole');
    const phone = await client.validate('phone', '123456789012');
    assert.deepEqual([phone.error.code, phone.error.params], ['phone.tooLong', { max: 11 }]);
  });

  test('a text that is not a string is refused by name, not by a client TypeError', async () => {
    for (const [input, kind] of [
      [5, 'a number'],
      [['1'], 'an array'],
    ]) {
      await assert.rejects(client.validate('chipNumber', input), (error) => {
        assert.equal(error.code, -32602);
        assert.match(error.message, new RegExp(`'text' must be a string, not ${kind}`));
        return true;
      });
    }
  });

  test('messages follow the locale', async () => {
    const polish = await spawnClient({ locale: 'pl' });
    try {
      const { error } = await polish.validate('photo', undefined, { required: true });
      assert.equal(error.message, 'Zdjęcie jest wymagane');
    } finally {
      await polish.close();
    }
  });

  test('fields lists every kind', async () => {
    const kinds = Object.fromEntries((await client.fields()).map((info) => [info.kind, info]));
    assert.equal(kinds.chipNumber.placeholder, '00000-00000-00000');
    assert.equal(kinds.chipNumber.maxLength, 15);
    assert.equal(kinds.photo.textEditable, false);
    assert.deepEqual([kinds.phone.inputMode, kinds.phone.editing], ['tel', 'mask']);
    assert.deepEqual([kinds.photo.inputMode, kinds.photo.editing], ['none', 'none']);
    assert.equal(kinds.email.editing, 'freeText');
    assert.ok(kinds.latitude.hint);
    assert.ok(kinds.species.options.some((option) => option.id === 'dog'));
  });
});
