// Caret keys pressed while edits are still on their way (a burst, a slow link). The browser
// would move the caret in text that is about to change, so the binding queues the move and
// makes it, in order, on the text the answers leave: "1234", Home, "0" typed in one burst
// puts the 0 first. When nothing is pending the browser moves the caret itself.
import { lineRange, wordRange } from './word-range.js';

const GRAPHEMES =
  typeof Intl !== 'undefined' && Intl.Segmenter
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** The move a keydown asks for, or null for keys the browser keeps (Ctrl/Alt+Up, Down...). */
export function caretMoveFor(event) {
  const { key, shiftKey: extend, ctrlKey, altKey, metaKey } = event;
  if (key === 'ArrowUp' || key === 'ArrowDown' || key === 'PageUp' || key === 'PageDown') {
    const backward = key === 'ArrowUp' || key === 'PageUp';
    if (metaKey) return { to: backward ? 'textStart' : 'textEnd', extend }; // Cmd+Up on a Mac
    if (ctrlKey || altKey) return null; // paragraph moves differ from platform to platform
    return { to: 'line', backward, page: key.startsWith('Page'), extend };
  }
  if (key === 'Home' || key === 'End') {
    const whole = ctrlKey || metaKey; // Ctrl+Home: the start of the whole text (a textarea's too)
    return {
      to: key === 'Home' ? (whole ? 'textStart' : 'lineStart') : whole ? 'textEnd' : 'lineEnd',
      extend,
    };
  }
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  const backward = key === 'ArrowLeft';
  if (metaKey) return { to: backward ? 'lineStart' : 'lineEnd', extend }; // Cmd+arrow on a Mac
  if (ctrlKey || altKey) return { to: backward ? 'wordStart' : 'wordEnd', extend };
  return { to: backward ? 'previous' : 'next', extend };
}

/** The grapheme boundary before (or after) `offset`, so the caret never splits an emoji. */
export function graphemeStep(text, offset, backward) {
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

/**
 * Up, Down, PageUp and PageDown, made by the browser's own line moves (`Selection.modify`) on
 * the text the answers left: only the browser knows where its lines wrap. In a one-line
 * control Up goes to the start and Down to the end, as the keys do; PageUp and PageDown move
 * a textarea by the lines it shows, and a one-line control not at all.
 */
export function moveByLines(element, { backward, page, extend }) {
  const multiline = element instanceof HTMLTextAreaElement;
  const selection = element.ownerDocument.getSelection();
  if ((page && !multiline) || typeof selection?.modify !== 'function') return;
  const lines = page ? visibleLines(element) : 1;
  for (let line = 0; line < lines; line += 1)
    selection.modify(extend ? 'extend' : 'move', backward ? 'backward' : 'forward', 'line');
}

function visibleLines(element) {
  const style = getComputedStyle(element);
  // A lineHeight of 'normal' parses as NaN: about 1.2 times the font's size.
  const lineHeight = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
  return Math.max(1, Math.floor(element.clientHeight / lineHeight) - 1);
}
