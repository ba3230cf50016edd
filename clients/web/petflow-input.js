// petflow-input.js: puts petflowd behind a browser <input> or <textarea>. What the user did
// is read from the control's own events (beforeinput's inputType, the control's selection),
// sent as field/edit, and the answer's text and caret put back. No dependencies.
import { applyCaretMove, caretMoveFor, moveByLines } from './lib/caret-moves.js';
import { committedRange, editFor, undoKeyOf } from './lib/edit-events.js';
import { EditHistory } from './lib/edit-history.js';
import { insert, replace } from './lib/edits.js';
import { fieldKind } from './lib/field-kinds.js';
import { applyLocally } from './lib/local-edit.js';

export { autoRpc } from './lib/auto-rpc.js';
export { httpRpc } from './lib/http-rpc.js';
export { RpcError } from './lib/rpc-error.js';
export { workTracker } from './lib/work-tracker.js';
export { wsRpc } from './lib/ws-rpc.js';
export { loadEngine, wasmRpc } from './petflow-wasm.js';

/**
 * An answer slower than this (or a call that cannot reach petflowd) shows the keys typed meanwhile
 * as pending.
 */
const SLOW_ANSWER_MS = 1000;
/** How long the binding waits before sending again what the link could not carry. */
const RETRY_MS = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class FieldBinding {
  constructor(element, field, options, rpc, track) {
    if (typeof element?.setSelectionRange !== 'function' || element.selectionStart === null) {
      throw new TypeError(
        'bindField needs an <input> of type text, search, tel, url or password, or a <textarea>: ' +
          'type=email and type=number have no selection to read',
      );
    }
    this.element = element;
    this.field = field; // the field kind
    this.options = options;
    this.rpc = rpc;
    this.track = track;
    this.freeText = false; // from field/list's `editing`, once answered
    this.result = null; // the latest answer
    this.history = null; // made from the first answer
    this.queue = Promise.resolve();
    this.waiting = []; // operations queued and not yet done, in order
    this.answered = null; // {text, start, end}: the state the answers have left
    this.shown = null; // the text the binding last saw in (or put in) the control
    this.previewing = false; // the link is slow or down: the keys typed meanwhile show as pending
    this.composition = null; // the control's state at compositionstart, while composing
    this.compositionEnded = null;
    this.endComposition = () => {};
    this.dragMove = null; // a native drag-move under way: { timer, settle } (see onInput)
    this.pointerSelections = 0; // clicks made while edits were pending, queued behind them
    this.typedAt = null; // while one is queued: the selection the edits before it apply to
    this.ownInputEvent = false;
    this.detached = false;
    // The value property of the prototype, never the element's own: frameworks (React's
    // controlled inputs) watch that one, and the binding must neither replace nor trip it.
    const prototype =
      element instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
    this.nativeValue = Object.getOwnPropertyDescriptor(prototype, 'value');
    this.described = false; // field/list's entry of the kind has been read

    this.listeners = {
      beforeinput: (event) => this.onBeforeInput(event),
      input: (event) => this.onInput(event),
      keydown: (event) => this.onKeyDown(event),
      pointerdown: (event) => this.onPointerDown(event),
      focus: () => this.noticeUnseenChange(),
      compositionstart: () => this.onCompositionStart(),
      compositionend: (event) => this.onCompositionEnd(event),
    };
    for (const [type, listener] of Object.entries(this.listeners))
      element.addEventListener(type, listener);
    this.enqueueFormat(); // the text the control holds now, formatted, is the first state
  }

  /** The control's text and selection now. */
  readState() {
    const element = this.element;
    return {
      text: this.nativeValue.get.call(element),
      start: element.selectionStart,
      end: element.selectionEnd,
    };
  }

  // Events

  /**
   * A script set the control's text (a framework's render, a page's reset): it fires no
   * event, so it is noticed at the next one, and formatted before anything the user does.
   */
  noticeUnseenChange() {
    if (this.waiting.length > 0 || this.composition || this.dragMove || this.shown === null) return;
    if (this.nativeValue.get.call(this.element) !== this.shown) this.enqueueFormat();
  }

  onBeforeInput(event) {
    if (this.composition || event.isComposing) return; // a composition shows as it is made
    this.noticeUnseenChange();
    const type = event.inputType;
    if (type === 'historyUndo' || type === 'historyRedo') {
      event.preventDefault();
      this.enqueue({ action: type === 'historyUndo' ? 'undo' : 'redo' });
      return;
    }
    // Text dragged within the control is moved by the browser (a delete, then a drop) and
    // the result formatted: the two halves cannot be sent as one edit.
    if (type === 'deleteByDrag' || (type === 'insertFromDrop' && this.dragMove)) return;
    const edit = editFor(event, this.element instanceof HTMLTextAreaElement);
    if (!edit || !event.cancelable) return;
    event.preventDefault();
    this.enqueue({ action: 'edit', ...edit });
  }

  onInput(event) {
    if (this.ownInputEvent || this.composition || event.isComposing) return;
    if (event.inputType === 'deleteByDrag') {
      // Wait for the drop's half of a move; if the text went to another control, format now.
      let settle;
      // idle() waits for the drop too
      this.track?.(
        new Promise((done) => {
          settle = done;
        }),
      );
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
    this.noticeUnseenChange();
    const undo = undoKeyOf(event);
    if (undo) {
      event.preventDefault(); // the browser's own stack is gone once a script sets the value
      this.enqueue({ action: undo });
      return;
    }
    // A caret key pressed while edits are pending moves the caret in the text they leave.
    const move = this.waiting.length > 0 ? caretMoveFor(event) : null;
    if (move) {
      event.preventDefault();
      this.enqueue({ action: 'move', move });
    }
  }

  onPointerDown(event) {
    this.noticeUnseenChange();
    // A click or a drag while edits are pending selects in text that is about to change, and
    // the edits still waiting were typed where the caret was before it: the selection the user
    // makes is queued behind them, and they apply where they were typed.
    if (this.waiting.length === 0 || !event.isPrimary || event.button !== 0) return;
    if (this.pointerSelections === 0)
      this.typedAt = this.previewing ? { ...this.answered } : this.readState();
    this.pointerSelections += 1;
    const document = this.element.ownerDocument;
    // The press ends with its release, or with the control losing the focus (a release the
    // page never sees, outside the window, must not hold the edits behind it for ever).
    const ends = [
      [document, 'pointerup'],
      [document, 'pointercancel'],
      [this.element, 'blur'],
    ];
    const operation = { action: 'select', selection: null };
    operation.released = new Promise((resolve) => {
      const release = () => {
        for (const [target, type] of ends) target.removeEventListener(type, release, true);
        // Read once the release's own default actions (a tap's caret) are done.
        setTimeout(() => {
          operation.selection = this.readState();
          resolve(operation.selection);
        }, 0);
      };
      for (const [target, type] of ends) target.addEventListener(type, release, true);
    });
    this.enqueue(operation);
  }

  onCompositionStart() {
    if (this.composition) return;
    this.composition = this.readState();
    this.compositionEnded = new Promise((resolve) => {
      this.endComposition = resolve;
    });
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
      range &&
      state.text === before.text &&
      (range.start !== state.start || range.end !== state.end)
        ? replace(range.start, range.end, text)
        : insert(text);
    this.enqueue({ action: 'edit', group: null, edit });
  }

  // The queue: one request at a time, each built from the state the previous answer left

  enqueue(operation) {
    this.waiting.push(operation);
    const run = this.queue
      .then(() => this.run(operation))
      .catch((error) => this.fail(error)) // a failure never stops the edits queued after it
      .finally(() => this.done(operation));
    this.queue = run;
    this.track?.(run);
    if (this.previewing) this.showPreview();
  }

  /** Formats the control's text as it is now (the selection too), after what is queued. */
  enqueueFormat() {
    const state = this.readState();
    this.shown = state.text;
    this.enqueue({ action: 'format', state });
  }

  done(operation) {
    this.waiting.splice(this.waiting.indexOf(operation), 1);
    if (!this.previewing || this.detached) return;
    if (this.waiting.length === 0) this.setLink(true);
    else this.showPreview();
  }

  async waitForComposition() {
    while (this.composition) await this.compositionEnded;
  }

  /**
   * Reads what field/list says of the kind (asked once per rpc), waiting out a link that is down.
   */
  async describe() {
    while (!this.described) {
      try {
        const entry = await fieldKind(this.rpc, this.field);
        this.freeText = entry.editing === 'freeText';
        if (!this.element.hasAttribute('inputmode'))
          this.element.setAttribute('inputmode', entry.inputMode);
        this.described = true;
      } catch (error) {
        if (!error?.linkDown || this.detached) throw error;
        this.setLink(false, error);
        await sleep(RETRY_MS);
      }
    }
  }

  async run(operation) {
    await this.waitForComposition();
    await this.describe();
    if (this.detached) return;
    // While the keys show as pending, each operation starts from the answered state.
    if (this.previewing && this.answered) this.show(this.answered.text, this.answered, true);
    if (operation.action === 'undo' || operation.action === 'redo')
      return this.restore(operation.action);
    if (operation.action === 'move') return this.moveCaret(operation.move);
    if (operation.action === 'select') return this.selectAsTheUserDid(await operation.released);
    let sent;
    let result;
    for (;;) {
      sent = operation.action === 'format' ? operation.state : this.editState();
      const params = {
        field: this.field,
        text: sent.text,
        selection: { start: sent.start, end: sent.end },
      };
      if (operation.action === 'edit') {
        params.edit = operation.edit(sent, this.freeText);
        if (!params.edit) return;
      }
      if (this.options !== undefined) params.options = this.options;
      if (this.previewing) this.showPreview(); // the keys keep showing as typed meanwhile
      try {
        result = await this.call(
          operation.action === 'format' ? 'field/format' : 'field/edit',
          params,
        );
        break;
      } catch (error) {
        if (!error?.linkDown || this.detached) return this.fail(error);
        // petflowd could not be reached: the edit is kept, shown as pending, and sent again.
        this.setLink(false, error);
        await sleep(RETRY_MS);
        if (this.detached) return;
        if (this.answered) this.show(this.answered.text, this.answered, true);
      }
    }
    await this.waitForComposition(); // an answer never lands in the middle of a composition
    if (this.detached) return;
    this.apply(result, sent, operation.group ?? null);
  }

  /**
   * The rpc call; an answer that takes longer than SLOW_ANSWER_MS shows what is typed meanwhile as
   * pending.
   */
  async call(method, params) {
    const slow = setTimeout(() => this.setLink(false, null), SLOW_ANSWER_MS);
    try {
      return await this.rpc(method, params);
    } finally {
      clearTimeout(slow);
    }
  }

  apply(result, sent, group) {
    const element = this.element;
    for (const flag of ['rejected', 'dropped', 'truncated'])
      element.toggleAttribute(`data-petflow-${flag}`, result[flag] === true);
    element.removeAttribute('data-petflow-failed');
    this.result = result;
    if (result.rejected) return this.announce(false); // text and selection exactly as before
    if (this.history) this.history.record(result, group, sent);
    else this.history = new EditHistory(result);
    // A caret the user moved while the answer was on its way stays where the user put it
    // (while the keys show as pending, the user's clicks are queued instead).
    const now = this.readState();
    const moved = !this.previewing && (now.start !== sent.start || now.end !== sent.end);
    const selection = moved ? now : result.selection;
    this.answered = { text: result.text, start: selection.start, end: selection.end };
    this.announce(this.show(result.text, selection, !moved));
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
    const start = Math.min(selection.start, length);
    const end = Math.min(selection.end, length);
    if (this.answered) this.answered = { ...this.answered, start, end };
    if (element.ownerDocument.activeElement !== element) return;
    element.setSelectionRange(start, end);
  }

  restore(action) {
    const result = action === 'undo' ? this.history?.undo() : this.history?.redo();
    if (!result) return;
    this.result = result;
    this.answered = { text: result.text, ...result.selection };
    this.announce(this.show(result.text, result.selection, true));
    if (this.typedAt) this.typedAt = { text: result.text, ...result.selection };
  }

  moveCaret(move) {
    const element = this.element;
    if (move.to === 'line') {
      if (element.ownerDocument.activeElement === element) moveByLines(element, move);
      if (this.answered) this.answered = this.readState();
      return;
    }
    // Before a queued click, the move is made where the edits are typed, and the click shows.
    const state = this.typedAt
      ? { ...this.typedAt, direction: 'none' }
      : { ...this.readState(), direction: element.selectionDirection };
    const { start, end, direction } = applyCaretMove(state, move, this.freeText);
    if (this.typedAt) this.typedAt = { text: state.text, start, end };
    else {
      if (this.answered) this.answered = { text: state.text, start, end };
      if (element.ownerDocument.activeElement === element)
        element.setSelectionRange(start, end, direction);
    }
  }

  // The link: pending keys while petflowd cannot answer

  /** The link went down (`up` false: an answer is slow, or a call failed) or came back. */
  setLink(up, error = null) {
    if (this.previewing === !up || this.detached) return;
    if (!up) {
      if (this.waiting.length === 0) return; // answered meanwhile
      // The state the answers left, with the caret where the user has it now.
      const now = this.readState();
      this.answered =
        this.answered && now.text === this.answered.text ? now : (this.answered ?? now);
    }
    this.previewing = !up;
    this.element.toggleAttribute('data-petflow-pending', !up);
    this.element.dispatchEvent(
      new CustomEvent('petflow-link', { bubbles: true, detail: { up, error } }),
    );
    if (!up) this.showPreview();
  }

  /**
   * Shows the keys typed and not yet answered as the user typed them, on the answered state:
   * the control reads as typed (unformatted) while the link is down.
   */
  showPreview() {
    if (!this.answered) return;
    let state = { ...this.answered };
    let selectionKnown = true;
    for (const operation of this.waiting) {
      if (operation.action === 'edit') {
        const edit = operation.edit(state, this.freeText);
        if (edit) state = applyLocally(state, edit);
      } else if (operation.action === 'format') {
        state = {
          text: operation.state.text,
          start: operation.state.start,
          end: operation.state.end,
        };
      } else if (operation.action === 'move' && operation.move.to !== 'line') {
        const { start, end } = applyCaretMove(
          { ...state, direction: 'none' },
          operation.move,
          this.freeText,
        );
        state = { ...state, start, end };
      } else if (operation.action === 'select') {
        if (operation.selection)
          state = { ...state, start: operation.selection.start, end: operation.selection.end };
        else selectionKnown = false; // a press still down: the user's own selection stays
      }
    }
    this.show(state.text, state, selectionKnown);
  }

  /** Puts `text` and `selection` in the control; true when the text changed. */
  show(text, selection, exact) {
    const element = this.element;
    const changed = this.nativeValue.get.call(element) !== text;
    if (changed) this.nativeValue.set.call(element, text);
    this.shown = text;
    if (exact || changed) {
      const start = Math.min(selection.start, text.length);
      const end = Math.min(selection.end, text.length);
      // Setting a selection would focus the control in some browsers: only when it has focus.
      if (element.ownerDocument.activeElement === element)
        element.setSelectionRange(start, end, element.selectionDirection);
    }
    return changed;
  }

  /**
   * Tells the page: `input` when the text changed (frameworks listen to it), and `petflow-answer`.
   */
  announce(changed) {
    if (changed) {
      this.ownInputEvent = true;
      try {
        this.element.dispatchEvent(new Event('input', { bubbles: true }));
      } finally {
        this.ownInputEvent = false;
      }
    }
    this.element.dispatchEvent(
      new CustomEvent('petflow-answer', {
        bubbles: true,
        detail: { result: this.result, changed },
      }),
    );
  }

  fail(error) {
    this.element.setAttribute('data-petflow-failed', '');
    this.element.dispatchEvent(
      new CustomEvent('petflow-error', { bubbles: true, detail: { error } }),
    );
    console.warn(`petflow: ${this.field}: ${error?.message ?? error}`);
  }

  detach() {
    this.detached = true;
    this.composition = null;
    this.endComposition(); // operations waiting for a composition to end give up now
    for (const [type, listener] of Object.entries(this.listeners))
      this.element.removeEventListener(type, listener);
    this.element.removeAttribute('data-petflow-pending');
    if (this.dragMove) this.endDragMove();
  }
}

/**
 * Attaches petflowd to `element` (an <input> or <textarea>) as a field of kind `field`.
 * `rpc(method, params)` returns a promise of the result (autoRpc(), httpRpc() or any other
 * transport); `options` are the field options ({required, maxLength}); `track(promise)`,
 * when given, is told of every operation (a page's workTracker().track, for its idle()).
 * Returns a handle whose getters read the latest answer.
 */
export function bindField(element, { field, options, rpc, track }) {
  const binding = new FieldBinding(element, field, options, rpc, track);
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
    /** False while petflowd cannot be reached (or is slow): typed keys show as pending. */
    get linkUp() {
      return !binding.previewing;
    },
    undo: () => binding.enqueue({ action: 'undo' }),
    redo: () => binding.enqueue({ action: 'redo' }),
    /** Formats the control's text now: for a script that has just set it. */
    refresh: () => binding.enqueueFormat(),
    detach: () => binding.detach(),
    /** Resolves once every edit queued so far has been answered and applied. */
    settled: () => binding.queue,
  };
}
