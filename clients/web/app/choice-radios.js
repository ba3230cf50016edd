// A choice of a few options as radios, the GOV.UK Design System's pattern: a fieldset whose
// legend is the question, the hint and the error under it (the fieldset is described by
// both), one radio per option. Every option is seen at once and taken with one click or the
// arrow keys, which a closed select hides. The error summary links to the first radio.
import { errorShower } from './field-control.js';
import { el } from './page.js';

/** At most this many options are radios; more stay a select, which keeps a long list short. */
export const MOST_RADIOS = 5;

/** Whether `field` is shown as radios: a flow file's `choice` with a few options. */
export function showsAsRadios(field) {
  return field.kind === 'choice' && (field.options?.length ?? 0) <= MOST_RADIOS;
}

/**
 * The radios of `field`, `value` (an option id) checked: `{wrapper, label (the legend),
 * control (the first radio), group (the fieldset), value(), setError(), relabel(field)}`.
 */
export function radiosControl(field, value, onChange) {
  const name = `flow-field-${field.id}`;
  const legend = el('legend', { id: `label-${field.id}` }, field.label);
  const hint = el('div', { id: `hint-${field.id}`, className: 'hint' });
  const error = el('p', { id: `error-${field.id}`, className: 'error', hidden: true });
  const list = el('div', { className: 'radios' });
  const group = el(
    'fieldset',
    {
      className: 'field',
      role: 'radiogroup', // so that aria-required, which a plain group cannot carry, is read
      'aria-required': field.required ? 'true' : undefined,
      'aria-describedby': `${hint.id} ${error.id}`,
    },
    legend,
    hint,
    error,
    list,
  );
  const radios = new Map();
  const fill = (options) => {
    const checked = radios.size === 0 ? value : chosen();
    radios.clear();
    list.replaceChildren(
      ...options.map((option, index) => {
        const id = index === 0 ? name : `${name}-${option.id}`;
        const radio = el('input', { type: 'radio', id, name, value: option.id });
        radio.checked = option.id === checked;
        radio.addEventListener('change', onChange);
        radios.set(option.id, radio);
        return el('div', { className: 'radio' }, radio, el('label', { for: id }, option.label));
      }),
    );
  };
  const chosen = () => [...radios.values()].find((radio) => radio.checked)?.value ?? null;
  const relabel = (next) => {
    legend.textContent = next.label;
    hint.textContent = next.hint ?? '';
    hint.hidden = !hint.textContent;
    fill(next.options);
  };
  relabel(field);
  return {
    wrapper: group,
    label: legend,
    group,
    get control() {
      return list.querySelector('input');
    },
    value: chosen,
    setError: errorShower(group, error, group),
    relabel,
  };
}
