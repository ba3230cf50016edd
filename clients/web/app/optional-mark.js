// "(optional)" after the question of a field whose `required` is a condition, where the
// answers given so far leave it optional, and aria-required where they make it required:
// judged again in the page at every answer (required-when.js). Other fields are left as
// petflowd labels them: the built-in reports' labels carry their own "(optional)".
import { el } from './page.js';
import { requiredNow } from './required-when.js';

/**
 * Marks each control of `fields` (a step's fields) as required or optional on `values` (field
 * id to the value the page holds now, the earlier steps' included). `controls`: field id to
 * `{label, control, group?}`.
 */
export function markRequired(fields, controls, values, words) {
  for (const field of fields) {
    const control = controls.get(field.id);
    if (!control || !field.requiredWhen) continue;
    const required = requiredNow(field, values);
    const target = control.group ?? control.control;
    if (required) target.setAttribute('aria-required', 'true');
    else target.removeAttribute('aria-required');
    // A relabel replaces the label's text, mark included: it is put back each time.
    let mark = control.label.querySelector('.optional-mark');
    if (!mark) {
      mark = el('span', { className: 'optional-mark' });
      control.label.append(mark);
    }
    mark.textContent = ` ${words.optional}`;
    mark.hidden = required;
  }
}
