// petflow-input.js: puts petflowd behind a browser <input> or <textarea>. What the user did
// is read from the control's own events (beforeinput's inputType, the control's selection),
// sent as field/edit, and the answer's text and caret put back. No dependencies.
import { applyCaretMove, caretMoveFor, moveByLines } from './lib/caret-moves.js';
import { EditHistory } from './lib/edit-history.js';
import { track } from './lib/idle.js';
import { lineRange, wordRange } from './lib/word-range.js';

export { httpRpc, RpcError } from './lib/http-rpc.js';
export { wsRpc } from './lib/ws-rpc.js';
export { idle } from './lib/idle.js';

/** Kinds without separators: a word delete there takes a word, elsewhere a group of digits. */
const FREE_TEXT_KINDS = new Set(['text', 'email', 'species', 'gender']);

/** The `inputmode` for each keyboard hint of field/list. */
export const INPUT_MODES = {
  numberPad: 'numeric',
  phonePad: 'tel',
  decimalPad: 'decimal',
  emailAddress: 'email',
  default: 'text',
  none: 'none',
};

const isCaret = (state) => state.start === state.end;
const deleteSelection = () => ({ type: 'deleteBackward' });
const dataOf = (event) => event.data ?? event.dataTransfer?.getData('text/plain') ?? '';

/** A word or line delete as a `replace` of its range; with a selection, the selection goes. */
function rangeDelete(rangeOf) {
  return (state) => {
    if (!isCaret(state)) return deleteSelection();
    const { start, end } = rangeOf(state);
    return start === end ? null : { type: 'replace', start, end, text: '' };
  };
}

/**
 * How each handled beforeinput becomes an edit: `group` joins consecutive edits into one
 * undo step, `edit(state)` builds the field/edit `edit` from the control's state when the
 * request is sent (null: nothing to send). Types not listed are left to the browser, and
 * the `input` event that follows sends the new text through field/format.
 */
function editFor(event, kind, multiline) {
  const freeText = FREE_TEXT_KINDS.has(kind);
  switch (event.inputType) {
    case 'insertText': {
      const text = dataOf(event);
      return { group: 'typing', edit: () => ({ type: 'insert', text }) };
    }
    case 'insertFromPaste':
    case 'insertFromDrop':
    case 'insertReplacementText':
    case 'insertFromYank': {
      const text = dataOf(event);
      return { group: null, edit: () => ({ type: 'insert', text }) };
    }
    case 'insertLineBreak':
    case 'insertParagraph':
      return multiline ? { group: 'typing', edit: () => ({ type: 'insert', text: '\n' }) } : null;
    case 'deleteContentBackward':
      return { group: 'deleteBackward', edit: () => ({ type: 'deleteBackward' }) };
    case 'deleteContentForward':
      return { group: 'deleteForward', edit: () => ({ type: 'deleteForward' }) };
    case 'deleteByCut': // the browser has already put the selection on the clipboard
      return { group: null, edit: deleteSelection };
    case 'deleteWordBackward':
    case 'deleteWordForward': {
      const backward = event.inputType === 'deleteWordBackward';
      return { group: null, edit: rangeDelete((s) => wordRange(s.text, s.start, backward, freeText)) };
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
function committedRange(before, after, text) {
  const end = after.end;
  const start = end - text.length;
  const tail = after.text.length - end;
  const replacedEnd = before.text.length - tail;
  if (start < 0 || replacedEnd < start || after.text.slice(start, end) !== text) return null;
  if (after.text.slice(0, start) !== before.text.slice(0, start)) return null;
  if (after.text.slice(end) !== before.text.slice(replacedEnd)) return null;
  return { start, end: replacedEnd };
}

function isUndoKey(event) {
  const key = event.key.toLowerCase();
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

class FieldBinding {
  constructor(element, field, options, rpc) {
    if (typeof element?.setSelectionRange !== 'function' || element.selectionStart === null) {
      throw new TypeError(
        'bindField needs an <input> of type text, search, tel, url or password, or a <textarea>: ' +
          'type=email and type=number have no selection to read',
      );
    }
    this.element = element;
    this.field = field;
    this.options = options;
    this.rpc = rpc;
    this.result = null; // the latest answer
    this.history = null; // made from the first answer
    this.queue = Promise.resolve();
    this.pending = 0; // operations queued and not yet applied
    this.composition = null; // the control's state at compositionstart, while composing
    this.compositionEnded = null;
    this.endComposition = () => {};
    this.dragMove = null; // a native drag-move under way: { timer, settle } (see onInput)
    this.pointerSelections = 0; // clicks made while edits were pending, queued behind them
    this.typedAt = null; // while one is queued: the selection the edits before it apply to
    this.ownInputEvent = false;
    this.detached = false;
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    this.nativeValue = Object.getOwnPropertyDescriptor(prototype, 'value');

    this.listeners = {
      beforeinput: (event) => this.onBeforeInput(event),
      input: (event) => this.onInput(event),
      keydown: (event) => this.onKeyDown(event),
      pointerdown: (event) => this.onPointerDown(event),
      compositionstart: () => this.onCompositionStart(),
      compositionend: (event) => this.onCompositionEnd(event),
    };
    for (const [type, listener] of Object.entries(this.listeners)) element.addEventListener(type, listener);
    // A value set by a script fires no event: catch it at the property, and format it.
    const binding = this;
    Object.defineProperty(element, 'value', {
      configurable: true,
      enumerable: true,
      get() {
        return binding.nativeValue.get.call(this);
      },
      set(text) {
        binding.nativeValue.set.call(this, text);
        binding.enqueueFormat();
      },
    });
    this.enqueueFormat(); // the text the control holds now, formatted, is the first state
  }

  /** The control's text and selection now. */
  readState() {
    const element = this.element;
    return { text: this.nativeValue.get.call(element), start: element.selectionStart, end: element.selectionEnd };
  }

  // Events

  onBeforeInput(event) {
    if (this.composition || event.isComposing) return; // a composition shows as it is made
    const type = event.inputType;
    if (type === 'historyUndo' || type === 'historyRedo') {
      event.preventDefault();
      this.enqueue({ kind: type === 'historyUndo' ? 'undo' : 'redo' });
      return;
    }
    // Text dragged within the control is moved by the browser (a delete, then a drop) and
    // the result formatted: the two halves cannot be sent as one edit.
    if (type === 'deleteByDrag' || (type === 'insertFromDrop' && this.dragMove)) return;
    const action = editFor(event, this.field, this.element instanceof HTMLTextAreaElement);
    if (!action || !event.cancelable) return;
    event.preventDefault();
    this.enqueue({ kind: 'edit', ...action });
  }

  onInput(event) {
    if (this.ownInputEvent || this.composition || event.isComposing) return;
    if (event.inputType === 'deleteByDrag') {
      // Wait for the drop's half of a move; if the text went to another control, format now.
      let settle;
      track(new Promise((done) => (settle = done))); // idle() waits for the drop too
      const timer = setTimeout(() => {
        this.endDragMove();
        this.enqueueFormat();
      }, 0);
      this.dragMove = { timer, settle };
      return;
    }
    if (this.dragMove) this.endDragMove(); // the drop's half: the moved text is formatted below
    this.enqueueFormat(); // autofill, or an edit the binding does not map
  }

  endDragMove() {
    clearTimeout(this.dragMove.timer);
    this.dragMove.settle();
    this.dragMove = null;
  }

  onKeyDown(event) {
    if (event.isComposing) return;
    const action = isUndoKey(event);
    if (action) {
      event.preventDefault(); // the browser's own stack is gone once a script sets the value
      this.enqueue({ kind: action });
      return;
    }
    // A caret key pressed while edits are pending moves the caret in the text they leave.
    const move = this.pending > 0 ? caretMoveFor(event) : null;
    if (move) {
      event.preventDefault();
      this.enqueue({ kind: 'move', move });
    }
  }

  onPointerDown(event) {
    // A click or a drag while edits are pending selects in text that is about to change, and
    // the edits still waiting were typed where the caret was before it: the selection the user
    // makes is queued behind them, and they apply where they were typed.
    if (this.pending === 0 || !event.isPrimary || event.button !== 0) return;
    if (this.pointerSelections === 0) this.typedAt = this.readState();
    this.pointerSelections += 1;
    const document = this.element.ownerDocument;
    // The press ends with its release, or with the control losing the focus (a release the
    // page never sees, outside the window, must not hold the edits behind it for ever).
    const ends = [[document, 'pointerup'], [document, 'pointercancel'], [this.element, 'blur']];
    const released = new Promise((resolve) => {
      const release = () => {
        for (const [target, type] of ends) target.removeEventListener(type, release, true);
        // Read once the release's own default actions (a tap's caret) are done.
        setTimeout(() => resolve(this.readState()), 0);
      };
      for (const [target, type] of ends) target.addEventListener(type, release, true);
    });
    this.enqueue({ kind: 'select', released });
  }

  onCompositionStart() {
    if (this.composition) return;
    this.composition = this.readState();
    this.compositionEnded = new Promise((resolve) => (this.endComposition = resolve));
  }

  onCompositionEnd(event) {
    const before = this.composition;
    if (!before) return;
    const after = this.readState();
    this.composition = null;
    // Put back what was there before the composition; its text arrives as one edit.
    this.show(before.text, before, true);
    this.endComposition();
    const text = event.data ?? '';
    if (!text) return; // cancelled
    const range = committedRange(before, after, text);
    const edit = (state) =>
      range && state.text === before.text && (range.start !== state.start || range.end !== state.end)
        ? { type: 'replace', start: range.start, end: range.end, text }
        : { type: 'insert', text };
    this.enqueue({ kind: 'edit', group: null, edit });
  }

  // The queue: one request at a time, each built from the state the previous answer left

  enqueue(operation) {
    this.pending += 1;
    const run = this.queue
      .then(() => this.run(operation))
      .catch((error) => this.fail(error)) // a failure never stops the edits queued after it
      .finally(() => (this.pending -= 1));
    this.queue = run;
    track(run);
  }

  /** Formats the control's text as it is now (the selection too), after what is queued. */
  enqueueFormat() {
    this.enqueue({ kind: 'format', state: this.readState() });
  }

  async waitForComposition() {
    while (this.composition) await this.compositionEnded;
  }

  async run(operation) {
    await this.waitForComposition();
    if (this.detached) return;
    if (operation.kind === 'undo' || operation.kind === 'redo') return this.restore(operation.kind);
    if (operation.kind === 'move') return this.moveCaret(operation.move);
    if (operation.kind === 'select') return this.selectAsTheUserDid(await operation.released);
    const sent = operation.kind === 'format' ? operation.state : this.editState();
    const params = { field: this.field, text: sent.text, selection: { start: sent.start, end: sent.end } };
    if (operation.kind === 'edit') {
      params.edit = operation.edit(sent);
      if (!params.edit) return;
    }
    if (this.options !== undefined) params.options = this.options;
    let result;
    try {
      result = await this.rpc(operation.kind === 'format' ? 'field/format' : 'field/edit', params);
    } catch (error) {
      this.fail(error);
      return;
    }
    await this.waitForComposition(); // an answer never lands in the middle of a composition
    if (this.detached) return;
    this.apply(result, sent, operation.group ?? null);
  }

  apply(result, sent, group) {
    const element = this.element;
    for (const flag of ['rejected', 'dropped', 'truncated']) element.toggleAttribute(`data-petflow-${flag}`, result[flag] === true);
    element.removeAttribute('data-petflow-failed');
    this.result = result;
    if (result.rejected) return this.announce(false); // text and selection exactly as before
    if (this.history) this.history.record(result, group, sent);
    else this.history = new EditHistory(result);
    // A caret the user moved while the answer was on its way stays where the user put it.
    const now = this.readState();
    const moved = now.start !== sent.start || now.end !== sent.end;
    this.announce(this.show(result.text, moved ? now : result.selection, !moved));
    if (this.typedAt) this.typedAt = { text: result.text, ...result.selection };
  }

  /** The text and selection an edit applies to: the control's, but while a click is queued
   *  behind the edit, the selection the answers before it left. */
  editState() {
    const now = this.readState();
    if (!this.typedAt || this.typedAt.text !== now.text) return now;
    return { text: now.text, start: this.typedAt.start, end: this.typedAt.end };
  }

  /** A queued click or drag: its selection, made in the text the user saw, on the text now. */
  selectAsTheUserDid(selection) {
    this.pointerSelections -= 1;
    if (this.pointerSelections === 0) this.typedAt = null;
    const element = this.element;
    const length = this.nativeValue.get.call(element).length;
    if (element.ownerDocument.activeElement !== element) return;
    element.setSelectionRange(Math.min(selection.start, length), Math.min(selection.end, length));
  }

  restore(kind) {
    const result = kind === 'undo' ? this.history?.undo() : this.history?.redo();
    if (!result) return;
    this.result = result;
    this.announce(this.show(result.text, result.selection, true));
    if (this.typedAt) this.typedAt = { text: result.text, ...result.selection };
  }

  moveCaret(move) {
    const element = this.element;
    if (move.to === 'line') {
      if (element.ownerDocument.activeElement === element) moveByLines(element, move);
      return;
    }
    // Before a queued click, the move is made where the edits are typed, and the click shows.
    const state = this.typedAt ? { ...this.typedAt, direction: 'none' } : { ...this.readState(), direction: element.selectionDirection };
    const { start, end, direction } = applyCaretMove(state, move, FREE_TEXT_KINDS.has(this.field));
    if (this.typedAt) this.typedAt = { text: state.text, start, end };
    else if (element.ownerDocument.activeElement === element) element.setSelectionRange(start, end, direction);
  }

  /** Puts `text` and `selection` in the control; true when the text changed. */
  show(text, selection, exact) {
    const element = this.element;
    const changed = this.nativeValue.get.call(element) !== text;
    if (changed) this.nativeValue.set.call(element, text);
    if (exact || changed) {
      const start = Math.min(selection.start, text.length);
      const end = Math.min(selection.end, text.length);
      // Setting a selection would focus the control in some browsers: only when it has focus.
      if (element.ownerDocument.activeElement === element) element.setSelectionRange(start, end, element.selectionDirection);
    }
    return changed;
  }

  /** Tells the page: `input` when the text changed (frameworks listen to it), and `petflow-answer`. */
  announce(changed) {
    if (changed) {
      this.ownInputEvent = true;
      try {
        this.element.dispatchEvent(new Event('input', { bubbles: true }));
      } finally {
        this.ownInputEvent = false;
      }
    }
    this.element.dispatchEvent(new CustomEvent('petflow-answer', { bubbles: true, detail: { result: this.result, changed } }));
  }

  fail(error) {
    this.element.setAttribute('data-petflow-failed', '');
    this.element.dispatchEvent(new CustomEvent('petflow-error', { bubbles: true, detail: { error } }));
    console.warn(`petflow: ${this.field}: ${error.message}`);
  }

  detach() {
    this.detached = true;
    this.composition = null;
    this.endComposition(); // operations waiting for a composition to end give up now
    for (const [type, listener] of Object.entries(this.listeners)) this.element.removeEventListener(type, listener);
    delete this.element.value; // the element's own value property again
    if (this.dragMove) this.endDragMove();
  }
}

/**
 * Attaches petflowd to `element` (an <input> or <textarea>) as a field of kind `field`.
 * `rpc(method, params)` returns a promise of the result (httpRpc() or any other transport);
 * `options` are the field options ({required, maxLength}). Returns a handle whose getters
 * read the latest answer.
 */
export function bindField(element, { field, options, rpc }) {
  const binding = new FieldBinding(element, field, options, rpc);
  return {
    get value() {
      return binding.result?.value ?? null;
    },
    get error() {
      return binding.result?.error ?? null;
    },
    get result() {
      return binding.result;
    },
    undo: () => binding.enqueue({ kind: 'undo' }),
    redo: () => binding.enqueue({ kind: 'redo' }),
    detach: () => binding.detach(),
    /** Resolves once every edit queued so far has been answered and applied. */
    settled: () => binding.queue,
  };
}
