// One JSON-RPC message as an NDJSON line, refused before it is sent when petflowd could
// never accept it.
import { UnsendableInputError } from './errors.js';

/** With the `u` flag a paired surrogate is one code point, so this finds only lone halves. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Deeper than petflowd reads anyway (--max-depth); stops the walk on a cyclic object too. */
const MAX_WALK_DEPTH = 1000;

/**
 * `message` as one line ending in a newline. Throws UnsendableInputError for NaN or an
 * infinity (JSON.stringify would quietly send null, a different value) and for a lone
 * surrogate in any string or member name (no Unicode text; petflowd refuses its escape).
 */
export function encodeLine(message) {
  const problem = firstUnsendable(message.params, 0);
  if (problem) {
    const path = problem.keys.reverse().map(nameOf).join('').replace(/^\./, '') || 'params';
    throw new UnsendableInputError(message.method, path, problem.reason);
  }
  return `${JSON.stringify(message)}\n`;
}

/**
 * The first value petflowd can never accept under `value`, as `{keys, reason}`, the keys
 * listed innermost first. The path is put together only when something is found, so a
 * keystroke's walk allocates nothing.
 */
function firstUnsendable(value, depth) {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : { keys: [], reason: `${value} is not a JSON number` };
  }
  if (typeof value === 'string') return loneSurrogate(value);
  if (value === null || typeof value !== 'object' || depth > MAX_WALK_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = firstUnsendable(value[index], depth + 1);
      if (found) {
        found.keys.push(index);
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = loneSurrogate(key) ?? firstUnsendable(value[key], depth + 1);
    if (found) {
      found.keys.push(key);
      return found;
    }
  }
  return null;
}

function loneSurrogate(text) {
  if (text.isWellFormed?.() ?? !LONE_SURROGATE.test(text)) return null; // native on Node 20+
  const index = text.search(LONE_SURROGATE);
  const unit = text.charCodeAt(index).toString(16).toUpperCase();
  return {
    keys: [],
    reason:
      `a lone surrogate U+${unit} at index ${index} ` +
      '(not Unicode text; half of an emoji cut in two?)',
  };
}

/** `.name` for a member (lone surrogates written as \u escapes), `[n]` for an array index. */
function nameOf(key) {
  if (typeof key === 'number') return `[${key}]`;
  const escaped = key.replace(
    /[\uD800-\uDFFF]/gu,
    (unit) => `\\u${unit.charCodeAt(0).toString(16)}`,
  );
  return `.${escaped}`;
}
