// /fields: one bound control for every kind petflowd lets the user type (field/list), with
// its canonical value beside it. Errors show when the user leaves a field, and go as soon
// as the text is right again. A language switch relabels the fields in place, so what was
// typed, and its undo history, stay.
import { textField } from './field-control.js';
import { announce, el, startPage, track } from './page.js';

const page = { words: null, fields: new Map() }; // kind -> {frame, value, shown}

/**
 * field/list's typed kinds, in the session's language; null (said) when petflowd cannot be reached.
 */
async function typedKinds(rpc) {
  try {
    return (await rpc('field/list')).fields.filter((entry) => entry.textEditable);
  } catch (error) {
    announce(page.words.unreachable(error.message));
    return null;
  }
}

/** Shows the field's value, and its error once the user has left it, until the error goes. */
function update(field) {
  const result = field.frame.binding.result;
  field.value.textContent = JSON.stringify(result?.value ?? null);
  if (!field.shown) return;
  const error = result?.error ?? null;
  if (error && error.message !== field.said) announce(`${page.words.errorLabel} ${error.message}`);
  field.said = error?.message ?? null;
  field.frame.setError(error, page.words);
  field.shown = Boolean(error);
}

async function render({ rpc, words }) {
  page.words = words;
  document.title = `${words.playgroundTitle} · ${words.siteName}`;
  const kinds = await typedKinds(rpc);
  if (!kinds) return;
  for (const entry of kinds) {
    const frame = textField(entry, entry, { id: `field-${entry.kind}`, text: '', rpc, track });
    const value = el('output', {
      id: `value-${entry.kind}`,
      for: frame.control.id,
      className: 'value',
    });
    frame.wrapper.append(
      el(
        'p',
        { className: 'value-line' },
        el('span', { 'data-text': 'value' }, words.value),
        ': ',
        value,
      ),
    );
    const field = { frame, value, shown: false, said: null };
    frame.control.addEventListener('petflow-answer', () => update(field));
    // Left: its error shows, judged on what was typed up to the blur (keys may still be on their
    // way).
    frame.control.addEventListener('blur', () =>
      track(
        frame.binding.settled().then(() => {
          field.shown = true;
          update(field);
        }),
      ),
    );
    page.fields.set(entry.kind, field);
  }
  document
    .getElementById('playground')
    .replaceChildren(...[...page.fields.values()].map(({ frame }) => frame.wrapper));
}

/**
 * The other language: labels and hints anew, and each text formatted again, so a shown error is
 * said in it.
 */
async function relabel({ rpc, words }) {
  page.words = words;
  document.title = `${words.playgroundTitle} · ${words.siteName}`;
  const kinds = await typedKinds(rpc);
  for (const entry of kinds ?? []) {
    const field = page.fields.get(entry.kind);
    if (!field) continue;
    field.frame.relabel(entry);
    field.said = null;
    field.frame.binding.refresh();
  }
}

startPage({ render, relabel });
