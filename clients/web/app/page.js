// What both pages share: the language (kept for the tab), the transport to the petflowd that
// speaks it, the language switch, the status line, and window.petflowIdle for tests.
import { httpRpc, idle, wsRpc } from '../petflow-input.js';
import { track } from '../lib/idle.js';
import { STRINGS } from './strings.js';

const LOCALE_KEY = 'petflow.locale';
const LANGUAGE_NAMES = { en: 'English', pl: 'Polski' };

export { track };

/** The tab's language: the one chosen earlier in this tab, else the browser's. */
export function chosenLocale() {
  const kept = sessionStorage.getItem(LOCALE_KEY);
  if (kept in STRINGS) return kept;
  return navigator.language?.toLowerCase().startsWith('pl') ? 'pl' : 'en';
}

const query = new URLSearchParams(location.search);
/** `?latency=MS` in a page's address delays every call by MS: a slow link, to watch the binding keep up. */
const LATENCY = Number(query.get('latency')) || 0;
/** `?transport=ws` talks to the bridge over a WebSocket (wsRpc) instead of a fetch per call (httpRpc). */
const TRANSPORT = query.get('transport') === 'ws' ? wsRpc : httpRpc;

/** The rpc function of the bridge's petflowd for `locale` (one daemon per language). */
export function rpcFor(locale) {
  const rpc = TRANSPORT(`/rpc?locale=${locale}`);
  if (LATENCY <= 0) return rpc;
  return async (method, params) => {
    await new Promise((resolve) => setTimeout(resolve, LATENCY));
    return rpc(method, params);
  };
}

export function strings(locale) {
  return STRINGS[locale];
}

/**
 * Creates an element: `el('p', {id: 'x', className: 'y'}, 'text', child)`. Properties are
 * attributes (true: present; false, null, undefined: absent), but for className and value.
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'className' || name === 'value') element[name] = value;
    else element.setAttribute(name, value === true ? '' : value);
  }
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}

/** Says `message` in the page's polite live region (and shows it). */
export function announce(message) {
  const status = document.getElementById('status');
  status.textContent = message;
}

/** Fills every [data-text] element with the page string of that name ([data-label]: its aria-label). */
function applyStrings(locale) {
  const words = STRINGS[locale];
  document.documentElement.lang = locale;
  for (const element of document.querySelectorAll('[data-text]')) element.textContent = words[element.dataset.text];
  for (const element of document.querySelectorAll('[data-label]')) element.setAttribute('aria-label', words[element.dataset.label]);
  const title = document.querySelector('h1')?.textContent;
  if (title) document.title = `${title} · petflowd`;
}

/** The pages' links, the current one marked. */
function navigation() {
  const links = [
    ['/', 'navReports'],
    ['/fields', 'navPlayground'],
  ].map(([href, text]) =>
    el('a', { href, 'data-text': text, 'aria-current': location.pathname === href ? 'page' : undefined }),
  );
  return el('nav', { 'data-label': 'navLabel' }, ...links);
}

/**
 * Sets up the page's frame in the chosen language and calls `render(locale, previous)` now
 * and whenever the user switches language (previous: the locale before, or null at load).
 */
export function startPage(render) {
  window.petflowIdle = idle;
  let locale = chosenLocale();
  const switcher = el('span', { id: 'language-switch' });
  const language = el(
    'div',
    { className: 'language', role: 'group', 'aria-labelledby': 'language-label' },
    el('span', { id: 'language-label', 'data-text': 'language' }),
    switcher,
  );
  document.body.prepend(el('header', { className: 'top' }, navigation(), language));
  const buttons = Object.entries(LANGUAGE_NAMES).map(([code, name]) => {
    const button = el('button', { type: 'button', id: `lang-${code}`, lang: code }, name);
    button.addEventListener('click', () => {
      if (code === locale) return;
      const previous = locale;
      locale = code;
      sessionStorage.setItem(LOCALE_KEY, code);
      show();
      track(render(locale, previous));
    });
    return button;
  });
  switcher.replaceChildren(...buttons);
  const show = () => {
    applyStrings(locale);
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.lang === locale));
  };
  show();
  track(render(locale, null));
}
