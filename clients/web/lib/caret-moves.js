// Caret keys pressed while edits are still on their way (a burst, a slow link). The browser
// would move the caret in text that is about to change, so the binding queues the move and
// makes it, in order, on the text the answers leave: "1234", Home, "0" typed in one burst
// puts the 0 first. When nothing is pending the browser moves the caret itself.
import { lineRange, wordRange } from './word-range.js';

const GRAPHEMES = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The move a keydown asks for, or null for keys the browser keeps (Up, Down, PageUp...). */
export function caretMoveFor(event) {
  const { key, shiftKey: extend, ctrlKey, altKey, metaKey } = event;
  if (key === 'Home' || key === 'End') {
    const whole = ctrlKey || metaKey; // Ctrl+Home: the start of the whole text (a textarea's too)
    return { to: key === 'Home' ? (whole ? 'textStart' : 'lineStart') : whole ? 'textEnd' : 'lineEnd', extend };
  }
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  const backward = key === 'ArrowLeft';
  if (metaKey) return { to: backward ? 'lineStart' : 'lineEnd', extend }; // Cmd+arrow on a Mac
  if (ctrlKey || altKey) return { to: backward ? 'wordStart' : 'wordEnd', extend };
  return { to: backward ? 'previous' : 'next', extend };
}

/** The grapheme boundary before (or after) `offset`, so the caret never splits an emoji. */
function graphemeStep(text, offset, backward) {
  if (!GRAPHEMES) return Math.max(0, Math.min(text.length, offset + (backward ? -1 : 1)));
  let boundary = backward ? 0 : text.length;
  for (const { index } of GRAPHEMES.segment(text)) {
    if (backward && index < offset) boundary = index;
    if (!backward && index > offset) return index;
  }
  return boundary;
}

/**
 * Where `move` takes the selection `state` ({text, start, end, direction}): `{start, end,
 * direction}`. With `extend` the anchor stays and the focus moves, as Shift does.
 */
export function applyCaretMove(state, move, freeText) {
  const { text, start, end } = state;
  const backwardSelection = state.direction === 'backward';
  const anchor = backwardSelection ? end : start;
  const focus = backwardSelection ? start : end;
  if (!move.extend && start !== end && (move.to === 'previous' || move.to === 'next')) {
    const caret = move.to === 'previous' ? start : end; // an arrow collapses a selection
    return { start: caret, end: caret, direction: 'none' };
  }
  let target;
  if (move.to === 'textStart') target = 0;
  else if (move.to === 'textEnd') target = text.length;
  else if (move.to === 'lineStart') target = lineRange(text, focus, true).start;
  else if (move.to === 'lineEnd') target = lineRange(text, focus, false).end;
  else if (move.to === 'wordStart') target = wordRange(text, focus, true, freeText).start;
  else if (move.to === 'wordEnd') target = wordRange(text, focus, false, freeText).end;
  else target = graphemeStep(text, focus, move.to === 'previous');
  if (!move.extend) return { start: target, end: target, direction: 'none' };
  return target < anchor
    ? { start: target, end: anchor, direction: 'backward' }
    : { start: anchor, end: target, direction: 'forward' };
}
