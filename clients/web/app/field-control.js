// One question's frame, as the GOV.UK Design System lays it out: the label, the hint petflowd
// serves (what to type, never an example answer in the box), the error when there is one,
// then the control, which names the hint and the error with aria-describedby. And a text
// control bound to petflowd in such a frame.
import { bindField } from '../petflow-input.js';
import { el } from './page.js';

/** Free text longer than this is written in a textarea (a description, an address). */
const TEXTAREA_FROM = 200;

/**
 * A question's `setError(fieldError, words)`: shows `fieldError` ({message}, or null to clear
 * it) in `error` (`words` gives the hidden "Error:"), marks `wrapper`, and says so on
 * `invalid` (the control, or a group of radios) with aria-invalid.
 */
export function errorShower(wrapper, error, invalid) {
  return (fieldError, words) => {
    error.hidden = !fieldError;
    error.replaceChildren(
      ...(fieldError
        ? [el('span', { className: 'visually-hidden' }, `${words.errorLabel} `), fieldError.message]
        : []),
    );
    wrapper.classList.toggle('field--error', Boolean(fieldError));
    if (fieldError) invalid.setAttribute('aria-invalid', 'true');
    else invalid.removeAttribute('aria-invalid');
  };
}

/**
 * The frame of `control` (its id set) for `description` ({label, hint}): `{wrapper, label,
 * hint, error, control, setError(error, words), relabel(description)}`. `describedBy`: ids
 * the control is described by besides the hint and the error (a photo's description).
 */
export function fieldFrame(description, control, { describedBy = [] } = {}) {
  const id = control.id;
  const fieldId = id.replace(/^(flow-)?field-/, '');
  const label = el('label', { for: id, id: `label-${fieldId}` }, description.label);
  const hint = el('div', { id: `hint-${fieldId}`, className: 'hint' });
  const error = el('p', { id: `error-${fieldId}`, className: 'error', hidden: true });
  control.setAttribute('aria-describedby', [hint.id, ...describedBy, error.id].join(' '));
  const wrapper = el('div', { className: 'field' }, label, hint, error, control);
  const frame = {
    wrapper,
    label,
    hint,
    error,
    control,
    setError: errorShower(wrapper, error, control),
    relabel(next) {
      label.textContent = next.label;
      hint.textContent = next.hint ?? '';
      hint.hidden = !hint.textContent;
    },
  };
  frame.relabel(description);
  return frame;
}

/**
 * A framed text control for a field `description` (a field/list entry, or a step's field:
 * kind, label, hint, maxLength, required?) bound to petflowd: `kindEntry` is field/list's
 * entry of its kind (editing, inputMode), `id` names the control, `text` is what it shows at
 * first, `rpc` reaches petflowd, `track` is the page's work tracker. Answers the frame with
 * `binding`. The binding sets `inputmode` itself; no placeholder is shown (a hint says what
 * to type, and a placeholder reads like an answer already given).
 */
export function textField(description, kindEntry, { id, text, rpc, track }) {
  const { kind, required } = description;
  // A step's cap (free text's maxLength option) is one the kind does not have of its own.
  const maxLength =
    description.maxLength != null && description.maxLength !== kindEntry.maxLength
      ? description.maxLength
      : null;
  const multiline = maxLength !== null && maxLength >= TEXTAREA_FROM;
  const prose = kindEntry.editing === 'freeText' && kindEntry.inputMode === 'text';
  const control = el(multiline ? 'textarea' : 'input', {
    id,
    type: multiline ? undefined : 'text', // never type=email or number: they hide the selection
    autocomplete: { email: 'email', tel: 'tel' }[kindEntry.inputMode] ?? 'off',
    spellcheck: prose ? 'true' : 'false',
    autocapitalize: prose ? 'sentences' : 'off',
    'aria-required': required ? 'true' : undefined,
    rows: multiline ? 3 : undefined,
  });
  control.value = text ?? '';
  const frame = fieldFrame(description, control);
  const options = maxLength === null ? undefined : { maxLength };
  frame.binding = bindField(control, { field: kind, options, rpc, track });
  return frame;
}
