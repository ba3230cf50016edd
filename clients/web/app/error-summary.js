// The GOV.UK error summary: "There is a problem", then a link per error to its control, first
// in the step after a Continue that failed, focused so that it is read at once. It lists the
// errors shown and nothing else, and goes when the last one is fixed.
import { el } from './page.js';

/**
 * Fills `container` (#error-summary) with `errors` (a Map of field id to {message}, in the
 * step's order); hides it when there are none. A link moves the focus to its control without
 * leaving a `#` entry in the browser's history. An error that is not a field's says where
 * to go itself: `href` and `follow()` (which the link runs), or `href: null` for none.
 */
export function showErrorSummary(container, errors, words) {
  container.hidden = errors.size === 0;
  if (errors.size === 0) return container.replaceChildren();
  const items = [...errors].map(([id, error]) => {
    if (error.href === null) return el('li', {}, error.message);
    const link = el('a', { href: error.href ?? `#flow-field-${id}` }, error.message);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      if (error.follow) return error.follow();
      const control = document.getElementById(`flow-field-${id}`);
      document.getElementById(`label-${id}`)?.scrollIntoView({ block: 'center' });
      control?.focus({ preventScroll: true });
    });
    return el('li', {}, link);
  });
  container.replaceChildren(
    el(
      'div',
      { role: 'alert' },
      el(
        'h2',
        { id: 'error-summary-title', className: 'error-summary-title' },
        words.errorSummaryTitle,
      ),
      el('ul', {}, ...items),
    ),
  );
}
