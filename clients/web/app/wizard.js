// /: both reports as question pages, laid out as the GOV.UK Design System does (an error
// summary first after a failed Continue, errors kept until their field is fixed, a check
// page with Change links before anything is sent, an address per step so that the
// browser's Back and Forward work), rendered from flow/list and the snapshots petflowd
// answers. Every action runs in order through one queue; the flow's export is kept in
// sessionStorage so that a reload or a restarted petflowd continues the report where it was.
import { PETFLOWD_ERRORS } from '../lib/rpc-error.js';
import { confirmLeave } from './confirm-leave.js';
import { showErrorSummary } from './error-summary.js';
import { markRequired } from './optional-mark.js';
import { announce, el, startPage, track, watched } from './page.js';
import {
  CHECK_PAGE,
  ReportHistory,
  SENT_PAGE,
  addressOf,
  placeOf,
  samePlace,
} from './report-history.js';
import { answersList, renderFields } from './step-view.js';

const KEPT_KEY = 'petflow.report'; // flow/export of the report shown
const TYPED_KEY = 'petflow.typed'; // what was typed on the step shown
// The report sent last: {flow, answers (a snapshot), path (its steps' ids), payload}
const SENT_KEY = 'petflow.sent';

const page = {
  rpc: null, // the page's own calls (flows), watched for a link that is down
  fieldRpc: null, // the bound fields' calls (the binding watches its own)
  words: null,
  definitions: new Map(), // flow id -> definition (flow/list)
  kinds: new Map(), // field kind -> field/list entry
  snapshot: null, // the report shown, or null
  view: 'start', // 'start', 'step' (a question page), 'check' (check your answers), 'sent'
  controls: new Map(), // field id -> control of the step shown
  shownKey: null, // which step the controls belong to
  errors: new Map(), // field id -> the error shown under it (and in the summary)
  returnToCheck: false, // a Change link opened the step: Continue goes back to the check page
  path: null, // the ids of the steps on the check page's path
  refusal: null, // a Change petflowd refused, on the check page: {step, reason?, blockedBy?}
  stepVersion: 0, // grows whenever another page is shown
  history: new ReportHistory(),
};

const $ = (id) => document.getElementById(id);

// The queue of actions

let queue = Promise.resolve();

/** Runs `action` after every action before it; a failure is shown, never thrown. */
function act(action) {
  const run = queue.then(action).catch(showFailure);
  queue = run;
  return track(run);
}

function showFailure(error) {
  if (error?.code === PETFLOWD_ERRORS.staleRevision && error.data?.snapshot) {
    // Changed elsewhere: shown as it is now, its controls made anew from what it holds.
    sessionStorage.removeItem(TYPED_KEY);
    page.shownKey = null;
    return show(error.data.snapshot, { mode: 'replace' });
  }
  if (error?.code === PETFLOWD_ERRORS.flowEnded) {
    sessionStorage.removeItem(KEPT_KEY);
    page.snapshot = null;
    return showStart('push', true);
  }
  announce(
    error?.linkDown ? page.words.unreachable(error.message) : (error?.message ?? String(error)),
  );
}

// Calls to petflowd

function kept(key = KEPT_KEY) {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * A flow call for the flow shown; `rev` (the snapshot shown) goes with the calls that change
 * it: if the flow has changed since (another tab, a double press), petflowd refuses with
 * -32015 and its current snapshot, which showFailure renders. A petflowd that no longer
 * knows the flow (it was restarted) gets the kept export back first.
 */
async function flowCall(method, params = {}) {
  const changes = !['flow/validate', 'flow/state', 'flow/export'].includes(method);
  const call = (snapshot) =>
    page.rpc(method, {
      flowId: snapshot.flowId,
      ...(changes ? { rev: snapshot.rev } : {}),
      ...params,
    });
  try {
    return await call(page.snapshot);
  } catch (error) {
    const snapshot = kept();
    if (error.code !== PETFLOWD_ERRORS.unknownFlowId || !snapshot) throw error;
    page.snapshot = await page.rpc('flow/import', { snapshot });
    return call(page.snapshot);
  }
}

/** Keeps the flow's export for a reload, or forgets it once the flow has ended. */
async function keep(snapshot) {
  if (snapshot?.status !== 'active') return sessionStorage.removeItem(KEPT_KEY);
  const exported = await page.rpc('flow/export', { flowId: snapshot.flowId });
  sessionStorage.setItem(KEPT_KEY, JSON.stringify(exported));
}

/**
 * What the user has typed on the step shown, kept at every answer, so that a reload (which
 * does not wait for a flow/update) loses no keystroke: `{step: "flow step", texts}`.
 */
function keepTyped(step) {
  const texts = {};
  for (const [id, control] of page.controls) if (control.binding) texts[id] = control.control.value;
  sessionStorage.setItem(TYPED_KEY, JSON.stringify({ step, texts }));
}

function typedOn(step) {
  return kept(TYPED_KEY)?.step === step ? kept(TYPED_KEY).texts : {};
}

/** The values of the step shown, as its controls hold them. */
function values() {
  const entries = [...page.controls].map(([id, control]) => [id, control.value()]);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/**
 * The values a condition of the step shown reads: the report's, with the step's own as its
 * controls hold them now (a typed field's as petflowd last stored it, canonical).
 */
function currentValues() {
  const current = { ...page.snapshot.values };
  for (const [id, control] of page.controls)
    current[id] = control.binding ? control.binding.value : control.value();
  return current;
}

/** "(optional)" and aria-required of the step's conditionally required fields, as of now. */
function markOptional() {
  if (page.view !== 'step' || !page.snapshot) return;
  markRequired(page.snapshot.step.fields, page.controls, currentValues(), page.words);
}

/** Waits until every bound control has its edits answered. */
async function settled() {
  await Promise.all([...page.controls.values()].map((control) => control.binding?.settled()));
}

/** Whether leaving would throw anything away: a value stored, or something in a control. */
function hasAnswers() {
  if (Object.keys(page.snapshot?.values ?? {}).length > 0) return true;
  return [...page.controls.values()].some((control) => ![null, ''].includes(control.value()));
}

// Rendering

function flowName(flow) {
  return page.definitions.get(flow)?.title ?? flow;
}

/** The report's last step is a question page: the demo adds its own check page before sending. */
function checkedByThePage(snapshot) {
  return page.definitions.get(snapshot.flow)?.steps.at(-1).kind === 'form';
}

function isLastStep(snapshot) {
  return page.definitions.get(snapshot.flow)?.steps.at(-1).id === snapshot.step.id;
}

function setTitle(heading) {
  const failed = page.view === 'step' ? page.errors.size > 0 : page.refusal !== null;
  const prefix = failed ? page.words.errorTitlePrefix : '';
  const parts = [heading];
  if (page.snapshot && page.view !== 'start') parts.push(flowName(page.snapshot.flow));
  document.title = `${prefix}${parts.join(' · ')} · ${page.words.siteName}`;
}

/**
 * Shows one of the page's sections, the others hidden (and emptied, so that no id is there twice).
 */
function reveal(id) {
  for (const section of ['start-screen', 'wizard', 'report-sent'])
    $(section).hidden = section !== id;
  if (id !== 'wizard') $('step-body').replaceChildren();
  if (id !== 'report-sent') $('sent-answers').replaceChildren();
}

function forgetControls() {
  for (const control of page.controls.values()) control.binding?.detach();
  page.controls = new Map();
  page.shownKey = null;
  page.errors = new Map();
}

function showStart(mode, focus = false) {
  forgetControls();
  page.view = 'start';
  page.returnToCheck = false;
  page.refusal = null;
  page.stepVersion += 1;
  reveal('start-screen');
  const buttons = [...page.definitions.keys()].map((id) => {
    const button = el(
      'button',
      { type: 'button', id: `start-${id}`, className: 'primary' },
      flowName(id),
    );
    button.addEventListener('click', () => act(() => start(id)));
    return button;
  });
  $('start-buttons').replaceChildren(...buttons);
  $('start-intro').textContent = page.words.reportsIntro(page.definitions.size);
  setTitle(page.words.reportsTitle);
  page.history.record(mode, { view: 'start' });
  if (focus) $('start-title').focus();
}

/** The errors shown: under each field, in the summary, in the page's title. */
function showErrors() {
  const ordered = new Map(
    page.snapshot.step.fields
      .filter((f) => page.errors.has(f.id))
      .map((f) => [f.id, page.errors.get(f.id)]),
  );
  for (const [id, control] of page.controls)
    control.setError(page.errors.get(id) ?? null, page.words);
  const shown = page.view === 'step' ? ordered : refusalShown();
  showErrorSummary($('error-summary'), shown, page.words);
  setTitle($('step-title').textContent);
}

/** The frame around a step or the check page: caption, back link, buttons. */
function showFrame(snapshot) {
  reveal('wizard');
  $('flow-name').textContent = flowName(snapshot.flow);
  $('step-progress').textContent =
    page.view === 'step' ? (snapshot.step.progress?.label ?? '') : '';
  const back = $('back');
  const canBack = page.view === 'check' ? true : snapshot.canBack;
  back.hidden = !canBack;
  back.textContent = page.words.back;
  const steps = page.definitions.get(snapshot.flow).steps;
  const previous =
    page.view === 'check' && checkedByThePage(snapshot)
      ? snapshot.step
      : steps[snapshot.step.index - 1];
  back.href = previous ? addressOf({ flow: snapshot.flow, step: previous.id }) : '#';
  $('next').textContent = page.view === 'check' ? page.words.submit : page.words.next;
  $('leave').textContent = page.words.leave;
}

/**
 * The heading of a step: its one question's label (GOV.UK's pattern; a legend stays in its
 * fieldset), or the step's title; under it the step's description, when the file gives one.
 */
function showHeading(step) {
  const heading = $('step-title');
  const description = $('step-description');
  description.textContent = step.description ?? '';
  description.hidden = !step.description;
  const one = step.fields.length === 1 ? page.controls.get(step.fields[0].id) : null;
  const only = one?.label.tagName === 'LABEL' ? one : null;
  heading.classList.toggle('question-heading', Boolean(only));
  if (only) heading.replaceChildren(only.label);
  else heading.textContent = step.title;
}

/**
 * Shows a question page of `snapshot`. `continued`: the answer to a Continue, whose errors
 * replace those shown and whose summary takes the focus.
 */
function showStep(snapshot, { mode, continued = false }) {
  const { step } = snapshot;
  const key = `${snapshot.flow} ${step.id}`;
  const newStep = page.view !== 'step' || key !== page.shownKey;
  page.view = 'step';
  page.refusal = null;
  if (newStep) {
    forgetControls();
    page.stepVersion += 1;
    page.controls = renderFields({
      snapshot,
      typed: typedOn(key),
      kinds: page.kinds,
      words: page.words,
      rpc: page.fieldRpc,
      track,
      onChange: rejudge,
    });
    for (const control of page.controls.values())
      control.control.addEventListener('petflow-answer', () => keepTyped(key));
    keepTyped(key);
    page.shownKey = key;
    $('step-body').replaceChildren(
      ...[...page.controls.values()].map((control) => control.wrapper),
    );
    showHeading(step);
  }
  if (newStep || continued) page.errors = new Map(Object.entries(snapshot.errors));
  showFrame(snapshot);
  markOptional();
  showErrors();
  page.history.record(mode, { flow: snapshot.flow, step: step.id });
  if (continued && page.errors.size > 0) $('error-summary').focus();
  else if (newStep) $('step-title').focus(); // a screen reader reads the new page's heading
}

/**
 * The ids of the steps on `snapshot`'s path as its answers now make it. A step with an answer
 * shown is on it (`display` holds the path's fields only), one with a dormant answer is off
 * it; for a step with neither (a question skipped, or left empty) petflowd is asked, on a copy
 * of the report (imported from its export, then cancelled) so that the report itself does not
 * move: a snapshot does not name its path, and the page never guesses it from the steps it saw.
 */
async function pathOf(snapshot) {
  const steps = page.definitions.get(snapshot.flow).steps;
  const has = (step, values) => step.fields.some((field) => Object.hasOwn(values ?? {}, field.id));
  const off = new Set(steps.filter((step) => has(step, snapshot.dormant)).map((step) => step.id));
  const unsure = steps.filter(
    (step) => step.fields.length > 0 && !off.has(step.id) && !has(step, snapshot.display),
  );
  if (unsure.length > 0) {
    const exported = await flowCall('flow/export');
    const copy = await page.rpc('flow/import', { snapshot: exported });
    try {
      for (const step of unsure) {
        const { refusal } = await reach(step.id, copy.flowId);
        // Blocked is on the path (an earlier step does not validate): its Change says so.
        if (refusal && refusal.reason !== 'blocked') off.add(step.id);
      }
    } finally {
      await page.rpc('flow/cancel', { flowId: copy.flowId });
    }
  }
  return steps.filter((step) => !off.has(step.id)).map((step) => step.id);
}

/** A step's title in the page's language (a step id petflowd does not know: the id). */
function stepTitle(flow, id) {
  return page.definitions.get(flow)?.steps.find((step) => step.id === id)?.title ?? id;
}

/**
 * The check page's error summary: the Change petflowd refused, said in the page's language,
 * linked to the step to answer first when an earlier one keeps it out of reach.
 */
function refusalShown() {
  const refusal = page.view === 'check' ? page.refusal : null;
  if (!refusal) return new Map();
  const { words } = page;
  const flow = page.snapshot.flow;
  const step = stepTitle(flow, refusal.step);
  if (refusal.reason === 'blocked' && refusal.blockedBy) {
    const first = refusal.blockedBy;
    const message = words.changeBlocked(step, stepTitle(flow, first));
    const href = addressOf({ flow, step: first });
    return new Map([[refusal.step, { message, href, follow: () => act(() => change(first)) }]]);
  }
  const say = { offPath: words.changeOffPath, unknown: words.changeUnknown };
  const message = (say[refusal.reason] ?? words.changeRefused)(step);
  return new Map([[refusal.step, { message, href: null }]]);
}

/** Shows the check page: the answers on the path, a Change link for each, and Send report. */
async function showCheck(snapshot, { mode }) {
  const path = await pathOf(snapshot);
  const newPage = page.view !== 'check';
  forgetControls();
  page.view = 'check';
  page.returnToCheck = false;
  page.path = path;
  if (newPage) {
    page.stepVersion += 1;
    page.refusal = null;
  }
  const definition = page.definitions.get(snapshot.flow);
  const changeHref = (step) => addressOf({ flow: snapshot.flow, step: step.id });
  const list = answersList(definition, snapshot, page.words, changeHref, path);
  $('step-body').replaceChildren(el('div', { id: 'check-answers' }, list));
  for (const link of $('step-body').querySelectorAll('a[data-step]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      act(() => change(link.dataset.step));
    });
  }
  $('step-title').classList.remove('question-heading');
  $('step-title').textContent = page.words.checkTitle;
  // A summary step's own guidance; never the description of the form step it follows.
  const description = snapshot.step.kind === 'summary' ? snapshot.step.description : null;
  $('step-description').textContent = description ?? '';
  $('step-description').hidden = !description;
  showFrame(snapshot);
  showErrors();
  page.history.record(mode, {
    flow: snapshot.flow,
    step: checkedByThePage(snapshot) ? CHECK_PAGE : snapshot.step.id,
  });
  if (newPage) $('step-title').focus();
}

/** The confirmation: what was sent, readable and as the JSON an app would send. */
function showSent(sent, { mode, focus = true }) {
  forgetControls();
  page.view = 'sent';
  page.snapshot = null;
  page.stepVersion += 1;
  reveal('report-sent');
  page.refusal = null;
  sessionStorage.setItem(SENT_KEY, JSON.stringify(sent));
  const definition = page.definitions.get(sent.flow);
  $('sent-answers').replaceChildren(
    definition ? answersList(definition, sent.answers, page.words, null, sent.path) : '',
  );
  $('payload').textContent = JSON.stringify(sent.payload, null, 2);
  setTitle(page.words.sentTitle);
  page.history.record(mode, { flow: sent.flow, step: SENT_PAGE });
  if (focus) $('sent-title').focus();
}

/**
 * Shows `snapshot` and keeps it for a reload: the start screen once it has ended, the check
 * page for a summary step, else the question page.
 */
async function show(snapshot, options) {
  const previous = page.snapshot;
  page.snapshot = snapshot?.status === 'active' ? snapshot : null;
  if (snapshot?.status !== 'active') sessionStorage.removeItem(TYPED_KEY);
  if (snapshot?.status === 'submitted') {
    const answers = previous ?? snapshot;
    showSent({ flow: snapshot.flow, answers, path: page.path, payload: snapshot.payload }, options);
  } else if (!page.snapshot) showStart(options.mode, true);
  else if (snapshot.step.kind === 'summary') await showCheck(snapshot, options);
  else showStep(snapshot, options);
  await keep(snapshot);
}

// Actions

async function start(flow) {
  await show(await page.rpc('flow/start', { flow }), { mode: 'push' });
}

/** Runs `action` unless another page has been shown since the user asked for it. */
function onThisPage(action) {
  const version = page.stepVersion;
  return act(() => (version === page.stepVersion && page.snapshot ? action() : undefined));
}

/**
 * A field was changed (a select, a photo, a text left changed): its value is stored, and
 * if it has an error shown, it is judged again (flow/validate of that field alone) and its
 * error replaced or removed. No other field's error is touched.
 */
function rejudge(id) {
  onThisPage(async () => {
    await settled();
    const value = page.controls.get(id)?.value();
    if (value === undefined) return;
    page.snapshot = await flowCall('flow/update', { values: { [id]: value } });
    await keep(page.snapshot);
    if (!page.errors.has(id)) return;
    const { errors } = await flowCall('flow/validate', { values: { [id]: value }, fields: [id] });
    const error = errors[id] ?? null;
    if (error && error.message !== page.errors.get(id).message)
      announce(`${page.words.errorLabel} ${error.message}`);
    if (error) page.errors.set(id, error);
    else page.errors.delete(id);
    showErrors();
  });
}

/**
 * flow/goto `step` of the report shown (or of the flow `copy` names): `{snapshot}`, or
 * `{refusal: {step, reason, blockedBy}}` when petflowd keeps the step out of reach (`reason`:
 * unknown, offPath or blocked; absent from a petflowd that does not say).
 */
async function reach(step, copy = null) {
  try {
    const snapshot = copy
      ? await page.rpc('flow/goto', { flowId: copy, step })
      : await flowCall('flow/goto', { step });
    return { snapshot };
  } catch (error) {
    if (error.code !== PETFLOWD_ERRORS.invalidParams || error.data?.parameter !== 'step')
      throw error;
    const { reason, blockedBy } = error.data;
    return { refusal: { step, reason, blockedBy } };
  }
}

/** Moves to `step` of the report (Back, Forward): null when it cannot be reached. */
async function goTo(step) {
  return (await reach(step)).snapshot ?? null;
}

/**
 * The check page, if every step validates: for a report the page checks, its last step first.
 * When it cannot be shown, the report stays on the step it was on.
 */
async function toCheckPage(mode) {
  const from = page.snapshot;
  const definition = page.definitions.get(from.flow);
  const target = await goTo(definition.steps.at(-1).id);
  if (!target) return false;
  if (target.step.kind === 'summary') {
    await show(target, { mode });
    return true;
  }
  page.snapshot = target;
  const { valid } = await flowCall('flow/validate', {});
  if (valid) {
    await showCheck(target, { mode });
    await keep(target);
    return true;
  }
  if (target.step.id !== from.step.id) page.snapshot = (await goTo(from.step.id)) ?? target;
  return false;
}

function next(event) {
  event.preventDefault();
  onThisPage(async () => {
    await settled();
    if (page.view === 'check') return send();
    const given = values();
    if (checkedByThePage(page.snapshot) && isLastStep(page.snapshot)) {
      // The last question page: the demo's check page comes before anything is sent.
      const { valid } = await flowCall('flow/validate', { values: given });
      if (valid) {
        page.snapshot = await flowCall('flow/update', { values: given });
        return toCheckPage('push');
      }
    }
    const answer = await flowCall('flow/next', given === undefined ? {} : { values: given });
    const moved = answer.status !== 'active' || answer.step.id !== page.snapshot.step.id;
    if (moved && page.returnToCheck) {
      page.snapshot = answer;
      if (await toCheckPage('push')) return;
      return show(page.snapshot ?? answer, { mode: 'push', continued: true });
    }
    await show(answer, { mode: moved ? 'push' : 'replace', continued: true });
  });
}

/** Send report: the submitting flow/next, from the check page. */
async function send() {
  await show(await flowCall('flow/next', {}), { mode: 'push', continued: true });
}

function back(event) {
  event.preventDefault();
  onThisPage(async () => {
    await settled();
    if (page.view === 'check' && checkedByThePage(page.snapshot))
      return showStep(page.snapshot, { mode: 'push' });
    // What the user typed on this page is kept for when they come back to it.
    const given = values();
    if (given !== undefined) page.snapshot = await flowCall('flow/update', { values: given });
    await show(await flowCall('flow/back'), { mode: 'push' });
  });
}

/**
 * A Change link of the check page: that step, and Continue there comes back. If petflowd
 * refuses, the check page shows the report as it now is, with the refusal in its error
 * summary.
 */
async function change(step) {
  const { snapshot, refusal } = await reach(step);
  if (snapshot) {
    await show(snapshot, { mode: 'push' });
    page.returnToCheck = true;
    return;
  }
  page.snapshot = await flowCall('flow/state');
  page.refusal = refusal;
  await showCheck(page.snapshot, { mode: null });
  $('error-summary').focus();
}

/**
 * Leave report: asked first, in the page's own dialog, when anything would be lost.
 * `returnTo`: the focus's place if the user stays; `mode`: the start screen's history entry.
 */
function leave(returnTo, mode = 'push') {
  // Queued after the action that called it, never awaited by it (that would wait on itself).
  const leaving = () => act(() => (page.snapshot ? cancel(mode) : undefined));
  if (hasAnswers()) confirmLeave({ returnTo, onLeave: leaving });
  else leaving();
}

async function cancel(mode) {
  await settled();
  const snapshot = await flowCall('flow/cancel');
  page.snapshot = null;
  await show(snapshot, { mode });
  announce(page.words.left);
}

/**
 * The browser's Back or Forward to `entry`: the page it names, when the report can show it;
 * otherwise the entry is passed over, the way the person was going (see report-history.js).
 * A start page entry is never passed over: there, a report with answers is thrown away only
 * after the leave dialog has asked.
 */
async function travel(entry) {
  const moves = page.history;
  const passOver = () => {
    track(moves.passOver(entry));
  };
  if (!entry.flow) {
    if (!page.snapshot) {
      moves.arrive(entry);
      if (page.view !== 'start') showStart(null, true);
      return;
    }
    // Back past the first step: the report is not thrown away without asking.
    if (hasAnswers()) {
      track(moves.stay(entry));
      leave($('step-title'));
      return;
    }
    moves.arrive(entry);
    return cancel(null);
  }
  if (samePlace(entry, moves.place)) return passOver(); // nothing to show anew
  const sent = kept(SENT_KEY);
  if (entry.step === SENT_PAGE && !page.snapshot && sent?.flow === entry.flow) {
    moves.arrive(entry);
    return showSent(sent, { mode: null });
  }
  // An entry of a report that has ended.
  if (!page.snapshot || page.snapshot.flow !== entry.flow) return passOver();
  await settled();
  const given = page.view === 'step' ? values() : undefined;
  if (given !== undefined) page.snapshot = await flowCall('flow/update', { values: given });
  if (entry.step === CHECK_PAGE) {
    if (await toCheckPage(null)) return moves.arrive(entry);
    return passOver();
  }
  // Off the path, or beyond a step that does not validate.
  const target = await goTo(entry.step);
  if (!target) return passOver();
  moves.arrive(entry);
  await show(target, { mode: null });
}

/** At load: the definitions, then the report kept (a reload), on the page its address names. */
async function render({ rpc, words }) {
  page.rpc = watched(rpc);
  page.fieldRpc = rpc;
  page.words = words;
  await load();
  const place = placeOf(location.pathname);
  const sent = kept(SENT_KEY);
  const snapshot = kept();
  // A page opened at a report's address in an entry of its own: the start page comes first, so
  // that Back reaches it as it would had the report been started there.
  const fresh = page.history.fresh && place.flow && (snapshot || sent?.flow === place.flow);
  if (fresh) showStart('replace');
  const mode = fresh ? 'push' : 'replace';
  if (place.step === SENT_PAGE && sent?.flow === place.flow && !snapshot)
    return showSent(sent, { mode });
  if (!snapshot) return showStart('replace');
  try {
    page.snapshot = await page.rpc('flow/import', { snapshot });
  } catch (error) {
    sessionStorage.removeItem(KEPT_KEY);
    page.snapshot = null;
    showStart('replace');
    throw error;
  }
  const imported = page.snapshot;
  announce(words.resumed);
  if (place.flow === imported.flow && place.step === CHECK_PAGE && (await toCheckPage(mode)))
    return;
  const target =
    place.flow === imported.flow && place.step !== imported.step.id ? await goTo(place.step) : null;
  await show(target ?? page.snapshot, { mode });
}

/** flow/list and field/list, in the session's language. */
async function load() {
  const [{ flows }, { fields }] = await Promise.all([
    page.rpc('flow/list'),
    page.rpc('field/list'),
  ]);
  page.definitions = new Map(flows.map((flow) => [flow.id, flow]));
  page.kinds = new Map(fields.map((entry) => [entry.kind, entry]));
}

/**
 * The other language: the same session now speaks it, so the page reads its words again and
 * puts them in place (the controls, what they hold and their undo histories stay), and the
 * errors shown are judged again to be said in it.
 */
function relabel({ words }) {
  return act(async () => {
    page.words = words;
    await load();
    if (page.view === 'start') return showStart(null);
    // The focus stays on the language button.
    if (page.view === 'sent') return showSent(kept(SENT_KEY), { mode: null, focus: false });
    page.snapshot = await flowCall('flow/state');
    if (page.view === 'check') return await showCheck(page.snapshot, { mode: null });
    for (const field of page.snapshot.step.fields)
      page.controls.get(field.id)?.relabel(field, words);
    showHeading(page.snapshot.step);
    markOptional();
    if (page.errors.size > 0) {
      const ids = [...page.errors.keys()];
      const given = Object.fromEntries(ids.map((id) => [id, page.controls.get(id).value()]));
      const { errors } = await flowCall('flow/validate', { values: given, fields: ids });
      for (const id of ids) if (errors[id]) page.errors.set(id, errors[id]);
    }
    showFrame(page.snapshot);
    showErrors();
  });
}

$('step-form').addEventListener('submit', next);
// A radio or a select chosen, a photo attached, a key answered: "(optional)" judged again.
for (const type of ['change', 'petflow-answer'])
  $('step-body').addEventListener(type, markOptional);
$('back').addEventListener('click', back);
$('leave').addEventListener('click', () => onThisPage(() => leave($('leave'))));
$('restart').addEventListener('click', () => act(() => showStart('push', true)));
page.history.listen((entry) => act(() => travel(entry)));
startPage({ render: (session) => act(() => render(session)), relabel });
