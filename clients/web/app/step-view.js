// Renders the questions of one flow step: a control per field, chosen by what the field
// says of itself (text bound to petflowd; a select of the field's `options`, for any field
// that has them, radios for a flow file's choice of a few; a photo picker, for a field whose
// kind is not typed, that keeps metadata only). Each control can be relabelled in place, so a
// language switch keeps what was typed.
import { radiosControl, showsAsRadios } from './choice-radios.js';
import { fieldFrame, textField } from './field-control.js';
import { el } from './page.js';

/** A select of the field's choices; its value is the choice's id. */
function choiceControl(field, value, words, onChange) {
  const id = `flow-field-${field.id}`;
  const empty = el('option', { value: '' }, words.choose);
  const control = el('select', { id, 'aria-required': field.required ? 'true' : undefined });
  const fill = (options) =>
    control.replaceChildren(
      empty,
      ...options.map((option) => el('option', { value: option.id }, option.label)),
    );
  fill(field.options);
  control.value = value ?? '';
  control.addEventListener('change', onChange);
  const frame = fieldFrame(field, control);
  const relabel = frame.relabel;
  return {
    ...frame,
    value: () => control.value || null,
    relabel(next, nextWords) {
      relabel(next);
      empty.textContent = nextWords.choose;
      const chosen = control.value;
      fill(next.options);
      control.value = chosen;
    },
  };
}

/**
 * A photo picker whose value is the chosen image's metadata (petflowd never opens it). The
 * browser's own file control speaks the browser's language; the page's own button, in the
 * page's, opens it, and the file input itself stays out of sight.
 */
function photoControl(field, value, words, onChange) {
  const id = `flow-field-${field.id}`;
  const infoId = `photo-info-${field.id}`;
  let photo = value ?? null;
  let preview = null; // a blob: URL of the file chosen in this page, for the thumbnail
  let currentWords = words;
  const file = el('input', {
    id: `photo-file-${field.id}`,
    type: 'file',
    accept: 'image/*',
    hidden: true,
    tabindex: '-1',
  });
  const button = el(
    'button',
    {
      type: 'button',
      id,
      className: 'secondary file-button',
      'aria-labelledby': `label-${field.id} ${id}`,
    },
    words.choosePhoto,
  );
  button.addEventListener('click', () => file.click());
  const info = el('div', { id: infoId, className: 'photo-info' });
  const showInfo = () => {
    if (!photo) return info.replaceChildren(el('span', {}, currentWords.photoNone));
    const size =
      photo.sizeBytes === undefined
        ? ''
        : currentWords.kilobytes(Math.max(1, Math.round(photo.sizeBytes / 1024)));
    const remove = el(
      'button',
      { type: 'button', id: `remove-${field.id}`, className: 'secondary' },
      currentWords.removePhoto,
    );
    remove.addEventListener('click', () => {
      photo = null;
      file.value = '';
      showInfo();
      button.focus(); // the remove button has gone: the focus goes where a photo is chosen again
      onChange();
    });
    info.replaceChildren(
      preview && photo.uri === preview ? el('img', { src: preview, alt: '' }) : null,
      el('span', {}, currentWords.photoAttached(photo.fileName ?? photo.uri, size)),
      remove,
    );
  };
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    if (preview) URL.revokeObjectURL(preview);
    preview = URL.createObjectURL(chosen);
    // Metadata only: the file itself never leaves the page.
    photo = {
      uri: preview,
      mimeType: chosen.type || 'application/octet-stream',
      sizeBytes: chosen.size,
      fileName: chosen.name,
    };
    showInfo();
    onChange();
  });
  showInfo();
  const frame = fieldFrame(field, button, { describedBy: [infoId] });
  frame.wrapper.append(file, info);
  const relabel = frame.relabel;
  return {
    ...frame,
    value: () => photo,
    relabel(next, nextWords) {
      relabel(next);
      currentWords = nextWords;
      button.textContent = nextWords.choosePhoto;
      showInfo();
    },
  };
}

/**
 * A text control bound to petflowd; its value is the text as shown. The browser fires no
 * `change` for a text a script has set (the binding sets every answer), so a text left
 * different from what it held when the user came to it is the change.
 */
function boundControl(field, kindEntry, text, rpc, track, onChange) {
  const frame = textField(field, kindEntry, { id: `flow-field-${field.id}`, text, rpc, track });
  const control = frame.control;
  let atFocus = null;
  control.addEventListener('focus', () => {
    atFocus = control.value;
  });
  control.addEventListener('blur', () =>
    track(
      frame.binding.settled().then(() => {
        if (atFocus !== null && control.value !== atFocus) onChange();
        atFocus = null;
      }),
    ),
  );
  return { ...frame, value: () => control.value };
}

/**
 * The controls of `snapshot`'s step: a Map of field id to `{wrapper, label, control, value(),
 * setError(), relabel(field, words), binding?}`. Text controls show `typed[id]` when given
 * (what the user typed before a reload), else the snapshot's display. `kinds`: field/list's
 * entries by kind. `onChange(id)` runs when a control's value changes (a select, a photo, a
 * text left changed).
 */
export function renderFields({ snapshot, typed, kinds, words, rpc, track, onChange }) {
  const controls = new Map();
  for (const field of snapshot.step.fields) {
    const changed = () => onChange(field.id);
    let control;
    if (showsAsRadios(field)) control = radiosControl(field, snapshot.values[field.id], changed);
    else if (field.options)
      control = choiceControl(field, snapshot.values[field.id], words, changed);
    else if (kinds.get(field.kind)?.textEditable === false)
      control = photoControl(field, snapshot.values[field.id], words, changed);
    else
      control = boundControl(
        field,
        kinds.get(field.kind),
        typed[field.id] ?? snapshot.display[field.id] ?? '',
        rpc,
        track,
        changed,
      );
    controls.set(field.id, control);
  }
  return controls;
}

/** How an answer reads on the check page: a choice by its label, a photo by its file name. */
export function answerText(field, snapshot, words) {
  const value = snapshot.values[field.id];
  if (value === undefined || value === null) return words.notGiven;
  if (field.options)
    return field.options.find((option) => option.id === value)?.label ?? String(value);
  if (typeof value === 'object') return value.fileName ?? value.uri ?? words.notGiven;
  return snapshot.display[field.id] || words.notGiven;
}

/**
 * The answers of the steps of `definition` on `path` (their ids; every step when not known) as
 * a GOV.UK summary list; with `changeHref(step)`, each row has a `change-FIELDID` link to its
 * step.
 */
export function answersList(definition, snapshot, words, changeHref, path) {
  const rows = [];
  for (const step of definition.steps) {
    if (path && !path.includes(step.id)) continue; // a question the answers skip
    for (const field of step.fields) {
      const change = changeHref
        ? el(
            'dd',
            { className: 'summary-actions' },
            el(
              'a',
              { id: `change-${field.id}`, href: changeHref(step), 'data-step': step.id },
              words.change,
              el('span', { className: 'visually-hidden' }, ` ${field.label}`),
            ),
          )
        : null;
      rows.push(
        el(
          'div',
          { className: 'summary-row' },
          el('dt', {}, field.label),
          el('dd', { id: `summary-${field.id}` }, answerText(field, snapshot, words)),
          change,
        ),
      );
    }
  }
  return el('dl', { className: 'summary' }, ...rows);
}
