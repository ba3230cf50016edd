// What a control's events ask for: the field/edit `edit` a beforeinput becomes, the range a
// composition committed, and the undo keys. Pure functions of the event and the control's
// state; the binding (petflow-input.js) queues what they return.
import { deleteBackward, deleteForward, insert, replace } from './edits.js';
import { lineRange, wordRange } from './word-range.js';

const isCaret = (state) => state.start === state.end;
const deleteSelection = deleteBackward;
const dataOf = (event) => event.data ?? event.dataTransfer?.getData('text/plain') ?? '';

/** A word or line delete as a `replace` of its range; with a selection, the selection goes. */
function rangeDelete(rangeOf) {
  return (state, freeText) => {
    if (!isCaret(state)) return deleteSelection();
    const { start, end } = rangeOf(state, freeText);
    return start === end ? null : replace(start, end, '');
  };
}

/**
 * How a handled beforeinput becomes an edit: `group` joins consecutive edits into one undo
 * step, `edit(state, freeText)` builds the field/edit `edit` from the control's state when
 * the request is sent (null: nothing to send); `freeText` says every character of the
 * field's kind is significant (field/list's `editing`), so a word delete takes a word
 * rather than a group of digits. Null for types left to the browser (the `input` event
 * that follows sends the new text through field/format).
 */
export function editFor(event, multiline) {
  switch (event.inputType) {
    case 'insertText': {
      const text = dataOf(event);
      return { group: 'typing', edit: () => insert(text) };
    }
    case 'insertFromPaste':
    case 'insertFromDrop':
    case 'insertReplacementText':
    case 'insertFromYank': {
      const text = dataOf(event);
      return { group: null, edit: () => insert(text) };
    }
    case 'insertLineBreak':
    case 'insertParagraph':
      return multiline ? { group: 'typing', edit: () => insert('\n') } : null;
    case 'deleteContentBackward':
      return { group: 'deleteBackward', edit: deleteBackward };
    case 'deleteContentForward':
      return { group: 'deleteForward', edit: deleteForward };
    case 'deleteByCut': // the browser has already put the selection on the clipboard
      return { group: null, edit: deleteSelection };
    case 'deleteWordBackward':
    case 'deleteWordForward': {
      const backward = event.inputType === 'deleteWordBackward';
      return {
        group: null,
        edit: rangeDelete((s, freeText) => wordRange(s.text, s.start, backward, freeText)),
      };
    }
    case 'deleteSoftLineBackward':
    case 'deleteHardLineBackward':
    case 'deleteSoftLineForward':
    case 'deleteHardLineForward': {
      const backward = event.inputType.endsWith('Backward');
      return { group: null, edit: rangeDelete((s) => lineRange(s.text, s.start, backward)) };
    }
    default:
      return null;
  }
}

/**
 * Where the text committed by a composition went: `before` and `after` are the control's
 * states at compositionstart and compositionend, `text` the committed text. Usually that is
 * the selection at compositionstart; an Android keyboard that re-composes a word already
 * typed replaces that word instead. Null when the two states do not agree with `text`.
 */
export function committedRange(before, after, text) {
  const end = after.end;
  const start = end - text.length;
  const tail = after.text.length - end;
  const replacedEnd = before.text.length - tail;
  if (start < 0 || replacedEnd < start || after.text.slice(start, end) !== text) return null;
  if (after.text.slice(0, start) !== before.text.slice(0, start)) return null;
  if (after.text.slice(end) !== before.text.slice(replacedEnd)) return null;
  return { start, end: replacedEnd };
}

/** 'undo', 'redo' or null for a keydown (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y). */
export function undoKeyOf(event) {
  const key = event.key.toLowerCase();
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
