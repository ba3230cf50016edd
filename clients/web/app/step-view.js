// Renders one step of a flow snapshot: a control per field, chosen by the field's kind
// (bound text, a select of the field's options, a photo picker that keeps metadata only),
// or, for a summary step, what was entered in every step of the flow's definition.
import { showError, textField } from './field-control.js';
import { el } from './page.js';

/** A select of the field's choices (species, gender); its value is the choice's id. */
function selectControl(field, snapshot, words, onChange) {
  const id = `flow-field-${field.id}`;
  const errorId = `error-${field.id}`;
  const control = el(
    'select',
    { id, 'aria-describedby': errorId, 'aria-required': field.required ? 'true' : undefined },
    el('option', { value: '' }, words.choose),
    ...field.options.map((option) => el('option', { value: option.id }, option.label)),
  );
  control.value = snapshot.values[field.id] ?? '';
  control.addEventListener('change', onChange);
  const error = el('p', { id: errorId, className: 'error', 'aria-live': 'polite' });
  const wrapper = el('div', { className: 'field' }, el('label', { for: id }, field.label), control, error);
  return { wrapper, control, error, value: () => control.value || null };
}

/** A file picker whose value is the chosen image's metadata (petflowd never opens it). */
function photoControl(field, snapshot, words, onChange) {
  const id = `flow-field-${field.id}`;
  const errorId = `error-${field.id}`;
  const infoId = `photo-info-${field.id}`;
  let photo = snapshot.values[field.id] ?? null;
  let preview = null; // a blob: URL of the file chosen in this page, for the thumbnail
  const control = el('input', { id, type: 'file', accept: 'image/*', 'aria-describedby': `${infoId} ${errorId}` });
  const info = el('div', { id: infoId, className: 'photo-info' });
  const error = el('p', { id: errorId, className: 'error', 'aria-live': 'polite' });
  const showInfo = () => {
    if (!photo) return info.replaceChildren(el('span', {}, words.photoNone));
    const size = photo.sizeBytes === undefined ? '' : words.kilobytes(Math.max(1, Math.round(photo.sizeBytes / 1024)));
    const remove = el('button', { type: 'button', id: `remove-${field.id}` }, words.removePhoto);
    remove.addEventListener('click', () => {
      photo = null;
      control.value = '';
      showInfo();
      onChange();
    });
    info.replaceChildren(
      preview && photo.uri === preview ? el('img', { src: preview, alt: '' }) : null,
      el('span', {}, words.photoAttached(photo.fileName ?? photo.uri, size)),
      remove,
    );
  };
  control.addEventListener('change', () => {
    const file = control.files?.[0];
    if (!file) return;
    if (preview) URL.revokeObjectURL(preview);
    preview = URL.createObjectURL(file);
    // Metadata only: the file itself never leaves the page.
    photo = { uri: preview, mimeType: file.type || 'application/octet-stream', sizeBytes: file.size, fileName: file.name };
    showInfo();
    onChange();
  });
  showInfo();
  const wrapper = el('div', { className: 'field' }, el('label', { for: id }, field.label), control, info, error);
  return { wrapper, control, error, value: () => photo };
}

/** A text control bound to petflowd; its value is the text as shown. */
function boundControl(field, text, rpc, onChange) {
  const control = textField(field, { id: `flow-field-${field.id}`, errorId: `error-${field.id}`, text, rpc });
  control.control.addEventListener('change', onChange);
  return { ...control, value: () => control.control.value };
}

/** What every earlier step holds, from the definition's labels and the snapshot's display. */
function summary(definition, snapshot, words) {
  const rows = [];
  for (const step of definition.steps) {
    for (const field of step.fields) {
      const value = snapshot.values[field.id];
      const shown = field.kind === 'photo' ? (value?.fileName ?? value?.uri) : snapshot.display[field.id];
      rows.push(el('dt', {}, field.label), el('dd', { id: `summary-${field.id}` }, shown || words.notGiven));
    }
  }
  return [el('p', {}, words.summaryIntro), el('dl', { className: 'summary' }, ...rows)];
}

/**
 * The step of `snapshot` as elements, with `controls`: a Map of field id to `{wrapper,
 * control, error, value(), binding?}`. Text controls show `typed[id]` when given (what the
 * user typed before a reload), else the snapshot's display. `onChange` runs when a
 * control's value changes.
 */
export function renderStep({ snapshot, typed, definition, words, rpc, onChange }) {
  const controls = new Map();
  if (snapshot.step.kind === 'summary') return { elements: summary(definition, snapshot, words), controls };
  for (const field of snapshot.step.fields) {
    let control;
    if (field.kind === 'photo') control = photoControl(field, snapshot, words, onChange);
    else if (field.options) control = selectControl(field, snapshot, words, onChange);
    else control = boundControl(field, typed[field.id] ?? snapshot.display[field.id] ?? '', rpc, onChange);
    controls.set(field.id, control);
  }
  return { elements: [...controls.values()].map((control) => control.wrapper), controls };
}

/** Shows the snapshot's errors under their controls; answers the controls that have one. */
export function showErrors(controls, errors) {
  const invalid = [];
  for (const [id, control] of controls) {
    showError(control, errors[id] ?? null);
    if (errors[id]) invalid.push(control);
  }
  return invalid;
}
