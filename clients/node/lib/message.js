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
  const problem = firstUnsendable(message.params, '', 0);
  if (problem) throw new UnsendableInputError(message.method, problem.path || 'params', problem.reason);
  return JSON.stringify(message) + '\n';
}

function firstUnsendable(value, path, depth) {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? null : { path, reason: `${value} is not a JSON number` };
  }
  if (typeof value === 'string') return loneSurrogate(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_WALK_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = firstUnsendable(value[index], `${path}[${index}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = key.replace(/[\uD800-\uDFFF]/gu, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);
    const inner = path ? `${path}.${name}` : name;
    const found = loneSurrogate(key, inner) ?? firstUnsendable(item, inner, depth + 1);
    if (found) return found;
  }
  return null;
}

function loneSurrogate(text, path) {
  const index = text.search(LONE_SURROGATE);
  if (index < 0) return null;
  const unit = text.charCodeAt(index).toString(16).toUpperCase();
  return { path, reason: `a lone surrogate U+${unit} at index ${index} (not Unicode text; half of an emoji cut in two?)` };
}
