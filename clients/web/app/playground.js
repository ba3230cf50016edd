// /fields: one bound control for every kind petflowd lets the user type (field/list), with
// its canonical value beside it. Errors show when the user leaves a field, and go as soon
// as the text is right again.
import { textField, showError } from './field-control.js';
import { announce, el, rpcFor, startPage, strings } from './page.js';

let controls = [];

async function render(locale) {
  const rpc = rpcFor(locale);
  const words = strings(locale);
  let kinds;
  try {
    kinds = (await rpc('field/list')).fields.filter((field) => field.textEditable);
  } catch (error) {
    announce(words.unreachable(error.message));
    return;
  }
  // Keep what was typed across a language switch: the new daemon formats it again.
  const typed = new Map(controls.map(({ kind, field }) => [kind, field.control.value]));
  controls.forEach(({ field }) => field.binding.detach());
  controls = kinds.map((kind) => {
    const field = textField(kind, {
      id: `field-${kind.kind}`,
      errorId: `error-${kind.kind}`,
      text: typed.get(kind.kind),
      rpc,
    });
    const value = el('output', { id: `value-${kind.kind}`, for: field.control.id, className: 'value' });
    field.wrapper.insertBefore(el('p', { className: 'value-line' }, `${words.value}: `, value), field.error);
    let shown = false; // from a blur on, until the error goes
    const update = () => {
      const result = field.binding.result;
      value.textContent = JSON.stringify(result?.value ?? null);
      if (!shown) return;
      showError(field, result?.error);
      shown = Boolean(result?.error);
    };
    field.control.addEventListener('petflow-answer', update);
    field.control.addEventListener('blur', () => {
      shown = true;
      update();
    });
    return { kind: kind.kind, field };
  });
  document.getElementById('playground').replaceChildren(...controls.map(({ field }) => field.wrapper));
}

startPage(render);
