// An edit applied in the page alone, for the preview a binding shows while petflowd cannot
// be reached: the keys appear as typed (marked pending), unformatted, and are sent in order,
// each as field/edit, once the link is back. Never the field's state: only what it looks like.
import { graphemeStep } from './caret-moves.js';

/** `state` ({text, start, end}) after a field/edit `edit`, made literally: no formatting. */
export function applyLocally(state, edit) {
  const { text } = state;
  let { start, end } = state;
  let inserted = '';
  if (edit.type === 'insert') inserted = edit.text;
  else if (edit.type === 'replace') [start, end, inserted] = [edit.start, edit.end, edit.text];
  else if (start === end && edit.type === 'deleteBackward') start = graphemeStep(text, start, true);
  else if (start === end && edit.type === 'deleteForward') end = graphemeStep(text, end, false);
  const caret = start + inserted.length;
  return { text: text.slice(0, start) + inserted + text.slice(end), start: caret, end: caret };
}
