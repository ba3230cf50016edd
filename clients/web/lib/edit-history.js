// The binding's own undo and redo: the field's answered states, newest last. A browser
// forgets its own undo stack as soon as a script sets a control's value, so the binding
// keeps one.

/** How many states are kept; older ones are forgotten. */
const LIMIT = 200;

function isCaret(selection) {
  return selection.start === selection.end;
}

export class EditHistory {
  /** `result` is the field's first answered state (what the control held when bound). */
  constructor(result) {
    this._entries = [{ result, group: null }];
    this._index = 0;
  }

  /**
   * The field now holds `result`, the answer to an edit sent at `sent` (its selection).
   * Edits of one `group` ("typing", "deleteBackward", "deleteForward") that each start
   * where the previous one left the caret are one step, as in a native control; any other
   * edit (a paste, a cut, a word delete, a composition) is a step of its own.
   */
  record(result, group, sent) {
    const top = this._entries[this._index];
    if (result.text === top.result.text) {
      top.result = result; // nothing to undo: the text did not change
      return;
    }
    this._entries.length = this._index + 1; // a new edit ends what could be redone
    const continues =
      group !== null &&
      top.group === group &&
      isCaret(sent) &&
      isCaret(top.result.selection) &&
      sent.start === top.result.selection.start;
    if (continues) {
      this._entries[this._index] = { result, group };
      return;
    }
    // Undo comes back with the caret where the user made this edit, not where the state
    // before it was answered (the user may have moved it since).
    if (top.result.text === sent.text) {
      top.result = {
        ...top.result,
        caret: sent.end,
        selection: { start: sent.start, end: sent.end },
      };
    }
    this._entries.push({ result, group });
    if (this._entries.length > LIMIT) this._entries.shift();
    this._index = this._entries.length - 1;
  }

  /** The state before the current one, or null when there is none. */
  undo() {
    if (this._index === 0) return null;
    this._index -= 1;
    return this._entries[this._index].result;
  }

  /** The state undone last, or null when there is none. */
  redo() {
    if (this._index === this._entries.length - 1) return null;
    this._index += 1;
    return this._entries[this._index].result;
  }
}
