// The page's judgement of a field's `requiredWhen` (app/required-when.js): each form of the
// condition language on the values the page holds, as petflowd judges them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { conditionHolds, requiredNow } from '../app/required-when.js';

const notMoving = { field: 'moving', equals: 'no' };

describe('requiredWhen judged in the page', () => {
  test('equals holds on the value and not on another or none', () => {
    assert.equal(conditionHolds(notMoving, { moving: 'no' }), true);
    assert.equal(conditionHolds(notMoving, { moving: 'yes' }), false);
    assert.equal(conditionHolds(notMoving, {}), false);
    assert.equal(conditionHolds(notMoving, { moving: null }), false);
  });

  test('numbers compare by value', () => {
    assert.equal(conditionHolds({ field: 'age', equals: 3 }, { age: 3.0 }), true);
    assert.equal(conditionHolds({ field: 'lat', in: [52.23, 1] }, { lat: 52.23 }), true);
    assert.equal(conditionHolds({ field: 'lat', in: [52.2, 1] }, { lat: 52.23 }), false);
  });

  test('in holds on any of its values', () => {
    const condition = { field: 'species', in: ['dog', 'cat'] };
    assert.equal(conditionHolds(condition, { species: 'cat' }), true);
    assert.equal(conditionHolds(condition, { species: 'bird' }), false);
    assert.equal(conditionHolds(condition, {}), false);
  });

  test('present and absent read an empty text and a missing field as absent', () => {
    const present = { field: 'phone', present: true };
    const absentPhone = { field: 'phone', absent: true };
    assert.equal(conditionHolds(present, { phone: '600100200' }), true);
    assert.equal(conditionHolds(present, { phone: '  ' }), false);
    assert.equal(conditionHolds(absentPhone, {}), true);
    assert.equal(conditionHolds(absentPhone, { phone: '' }), true);
    assert.equal(conditionHolds(present, { phone: { uri: 'blob:1' } }), true);
  });

  test('all, any and not combine conditions', () => {
    const values = { moving: 'no', reachable: 'yes' };
    const reachable = { field: 'reachable', equals: 'yes' };
    assert.equal(conditionHolds({ all: [notMoving, reachable] }, values), true);
    assert.equal(conditionHolds({ all: [notMoving, { not: reachable }] }, values), false);
    assert.equal(conditionHolds({ any: [{ not: notMoving }, reachable] }, values), true);
    assert.equal(conditionHolds({ any: [] }, values), false);
    assert.equal(conditionHolds({ not: { any: [] } }, values), true);
  });

  test('a field without requiredWhen is as required as petflowd says', () => {
    assert.equal(requiredNow({ required: true }, {}), true);
    assert.equal(requiredNow({ required: false }, { moving: 'no' }), false);
    assert.equal(requiredNow({ required: false, requiredWhen: notMoving }, { moving: 'no' }), true);
    assert.equal(
      requiredNow({ required: true, requiredWhen: notMoving }, { moving: 'yes' }),
      false,
    );
  });
});
