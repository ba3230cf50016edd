// What both pages share: the language (kept for the tab), the page's own session with
// petflowd's engine (in the page on WebAssembly, or a petflowd behind the bridge; opened with
// the page's initialize, and initialized again in the other language on a switch), the
// language switch, the link status, the status line, and window.petflowIdle for tests.
import { autoRpc, httpRpc, workTracker, wsRpc } from '../petflow-input.js';
import { engineRpc } from './engine-rpc.js';
import { STRINGS } from './strings.js';

const LOCALE_KEY = 'petflow.locale';
const LANGUAGE_NAMES = { en: 'English', pl: 'Polski' };

/** The page's work in progress: petflowIdle() waits for it. */
const work = workTracker();
export const track = work.track;

/** The tab's language: the one chosen earlier in this tab, else the browser's. */
function chosenLocale() {
  const kept = sessionStorage.getItem(LOCALE_KEY);
  if (kept in STRINGS) return kept;
  const browser = navigator.language?.toLowerCase() ?? '';
  return Object.keys(STRINGS).find((code) => browser.startsWith(code)) ?? 'en';
}

const query = new URLSearchParams(location.search);
/**
 * `?latency=MS` in a page's address delays every call by MS: a slow link, to watch the binding keep
 * up.
 */
const LATENCY = Number(query.get('latency')) || 0;
/**
 * `?transport=wasm`, `ws` or `http` picks one transport, which never falls back to another;
 * without it, the engine in the page where WebAssembly is there, else a WebSocket to the
 * bridge, and fetch when one cannot open.
 */
const TRANSPORTS = { wasm: engineRpc, ws: wsRpc, http: httpRpc };

/** The page's rpc function: one session of its own, in the page or through the bridge. */
function pageRpc() {
  const fallback = typeof WebAssembly === 'object' ? engineRpc : autoRpc;
  const rpc = (TRANSPORTS[query.get('transport')] ?? fallback)('/rpc');
  if (LATENCY <= 0) return rpc;
  const delayed = async (method, params) => {
    await new Promise((resolve) => setTimeout(resolve, LATENCY));
    return rpc(method, params);
  };
  Object.defineProperty(delayed, 'transport', { get: () => rpc.transport });
  return delayed;
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

/** Says `message` in the page's polite live region (and shows it), which exists from the start. */
export function announce(message) {
  const status = document.getElementById('status');
  // The same words said again must be heard again: a live region speaks only on a change.
  status.textContent = message && message === status.textContent ? `${message}\u00a0` : message;
}

/**
 * Fills every [data-text] element with the page string of that name ([data-label]: its aria-label).
 */
function applyStrings(locale) {
  const words = STRINGS[locale];
  document.documentElement.lang = locale;
  for (const element of document.querySelectorAll('[data-text]'))
    element.textContent = words[element.dataset.text];
  for (const element of document.querySelectorAll('[data-label]'))
    element.setAttribute('aria-label', words[element.dataset.label]);
}

/** The pages' links, the current one marked (the playground may be at /fields.html). */
function navigation() {
  const links = [
    ['/', 'navReports'],
    ['/fields', 'navPlayground'],
  ].map(([href, text]) =>
    el('a', {
      href: href + location.search,
      'data-text': text,
      'aria-current': location.pathname.replace(/\.html$/, '') === href ? 'page' : undefined,
    }),
  );
  return el('nav', { 'data-label': 'navLabel' }, ...links);
}

/**
 * The link status: shown and said while any bound field or the page's own call waits for
 * petflowd (`petflow-link` events: a field's, or the document's), said again when the link
 * is back; that what was typed has been sent, only when a field had keys waiting.
 */
function watchLink(getWords) {
  const status = document.getElementById('link-status');
  const down = new Set();
  let typed = false; // a field waited while the link was down
  document.addEventListener('petflow-link', (event) => {
    const before = down.size;
    if (event.detail.up) down.delete(event.target);
    else down.add(event.target);
    if (!event.detail.up && event.target !== document) typed = true;
    if (before === 0 && down.size > 0) status.textContent = getWords().linkDown;
    else if (before > 0 && down.size === 0) {
      status.textContent = '';
      announce(typed ? getWords().linkBack : getWords().linkBackNothingTyped);
      typed = false;
    }
  });
}

/**
 * `rpc` for the page's own calls (a flow's Continue, Back): one that has waited a second for
 * its answer says the link is down as a binding does (`petflow-link` on the document), and
 * up again once answered.
 */
export function watched(rpc) {
  let slow = 0;
  const say = (up) => document.dispatchEvent(new CustomEvent('petflow-link', { detail: { up } }));
  return async (method, params) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      if (slow++ === 0) say(false);
    }, 1000);
    try {
      return await rpc(method, params);
    } finally {
      clearTimeout(timer);
      if (late && --slow === 0) say(true);
    }
  };
}

/**
 * Sets up the page's frame in the chosen language and its session with petflowd, then calls
 * `render({rpc, locale, words})` once, and `relabel({rpc, locale, words})` whenever the user
 * switches language (after the session has been initialized in the new one).
 */
export function startPage({ render, relabel }) {
  // A static server that answers every unknown address with index.html gives the reports
  // page at /fields: the playground is fields.html.
  if (location.pathname === '/fields' && !document.getElementById('playground')) {
    location.replace(`/fields.html${location.search}`);
    return;
  }
  window.petflowIdle = work.idle;
  let locale = chosenLocale();
  const rpc = pageRpc();
  // For tests and scripts: the page's session and work tracker, and which transport it uses.
  window.petflowPage = { rpc, track, transport: () => rpc.transport };
  const initialized = rpc('initialize', { positionEncoding: 'utf-16', locale });
  initialized.catch(() => {}); // said by the first call that needs it
  const switcher = el('span', { id: 'language-switch' });
  const language = el(
    'div',
    { className: 'language', role: 'group', 'aria-labelledby': 'language-label' },
    el('span', { id: 'language-label', 'data-text': 'language' }),
    switcher,
  );
  document.body.prepend(el('header', { className: 'top' }, navigation(), language));
  watchLink(() => STRINGS[locale]);
  const show = () => {
    applyStrings(locale);
    for (const button of buttons)
      button.setAttribute('aria-pressed', String(button.lang === locale));
  };
  const buttons = Object.entries(LANGUAGE_NAMES).map(([code, name]) => {
    const button = el('button', { type: 'button', id: `lang-${code}`, lang: code }, name);
    button.addEventListener('click', () => {
      if (code === locale) return;
      locale = code;
      sessionStorage.setItem(LOCALE_KEY, code);
      show();
      // The same session, told its new language: flows, fields and undo histories stay.
      // (Said again to every new session too, should the link drop: the transport keeps it.)
      const told = rpc('initialize', { positionEncoding: 'utf-16', locale }).catch(() => {});
      track(told.then(() => relabel({ rpc, locale, words: STRINGS[locale] })));
    });
    return button;
  });
  switcher.replaceChildren(...buttons);
  show();
  track(render({ rpc, locale, words: STRINGS[locale] }));
}
