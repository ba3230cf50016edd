// One labelled text control for a field described by petflowd (a field/list kind or a flow
// step's field), bound to petflowd: its keyboard, placeholder and error line come from the
// description, never from the page.
import { bindField, INPUT_MODES } from '../petflow-input.js';
import { el } from './page.js';

/** Free text longer than this is written in a textarea (a description, an address). */
const TEXTAREA_FROM = 200;

const AUTOCOMPLETE = { phone: 'tel', email: 'email' };

/**
 * `{wrapper, control, error, binding}` for a field `description` (a field/list kind or a
 * step's field: kind, label, placeholder, keyboard, maxLength, required?): `id` names the
 * control, `errorId` its error line; `text` is what it shows at first; `rpc` reaches petflowd.
 */
export function textField(description, { id, errorId, text, rpc }) {
  const { kind, label, placeholder, keyboard, required } = description;
  // A cap is an option of free text only; other kinds know their own length.
  const maxLength = kind === 'text' ? (description.maxLength ?? null) : null;
  const multiline = maxLength !== null && maxLength >= TEXTAREA_FROM;
  const freeText = kind === 'text' || kind === 'species' || kind === 'gender';
  const control = el(multiline ? 'textarea' : 'input', {
    id,
    type: multiline ? undefined : 'text', // never type=email or number: they hide the selection
    inputmode: INPUT_MODES[keyboard] ?? 'text',
    placeholder: placeholder || undefined,
    autocomplete: AUTOCOMPLETE[kind] ?? 'off',
    spellcheck: freeText ? 'true' : 'false',
    autocapitalize: freeText ? 'sentences' : 'off',
    'aria-describedby': errorId,
    'aria-required': required ? 'true' : undefined,
    rows: multiline ? 3 : undefined,
  });
  control.value = text ?? '';
  const error = el('p', { id: errorId, className: 'error', 'aria-live': 'polite' });
  const wrapper = el('div', { className: 'field' }, el('label', { for: id }, label), control, error);
  const options = maxLength === null ? undefined : { maxLength };
  const binding = bindField(control, { field: kind, options, rpc });
  return { wrapper, control, error, binding };
}

/** Shows `fieldError` ({message} or null) under its control. */
export function showError({ control, error }, fieldError) {
  error.textContent = fieldError?.message ?? '';
  if (fieldError) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}
