// A field's `requiredWhen` judged in the page, as the person answers: the condition language
// of flow files (equals, in, present, absent, all, any, not) on the values the page holds now.
// petflowd judges it again at Continue; this only keeps "(optional)" and aria-required true
// between two answers.

/** Whether `value` reads as absent: no value, or an empty text (petflowd stores none). */
function absent(value) {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Two stored values are the same: numbers by value (`52.23` equals `52.2300`), else exactly. */
function same(a, b) {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return a === b;
}

/**
 * Whether `condition` holds on `values` (field id to stored value; a field missing reads as
 * absent). A condition of a shape it does not know holds: a field then shows as required,
 * which petflowd's answer at Continue corrects, rather than "(optional)" where it is not.
 */
export function conditionHolds(condition, values) {
  if (condition === null || typeof condition !== 'object') return true;
  if (Array.isArray(condition.all)) return condition.all.every((c) => conditionHolds(c, values));
  if (Array.isArray(condition.any)) return condition.any.some((c) => conditionHolds(c, values));
  if ('not' in condition) return !conditionHolds(condition.not, values);
  const value = Object.hasOwn(values, condition.field) ? values[condition.field] : undefined;
  if ('equals' in condition) return !absent(value) && same(value, condition.equals);
  if (Array.isArray(condition.in))
    return !absent(value) && condition.in.some((choice) => same(value, choice));
  if (condition.present === true) return !absent(value);
  if (condition.absent === true) return absent(value);
  return true;
}

/** Whether `field` (a snapshot's step field) is required on `values`. */
export function requiredNow(field, values) {
  return field.requiredWhen ? conditionHolds(field.requiredWhen, values) : Boolean(field.required);
}
