// /: both reports as wizards, rendered from flow/list and the snapshots petflowd answers.
// Every action runs in order through one queue; the flow's export is kept in
// sessionStorage so that a reload, a language switch or a restarted petflowd continues
// the report where it was.
import { announce, el, rpcFor, startPage, strings, track } from './page.js';
import { renderStep, showErrors } from './step-view.js';

const KEPT_KEY = 'petflow.report';
const TYPED_KEY = 'petflow.typed';
const UNKNOWN_FLOW = -32010;
const ENDED_FLOW = -32011;
const STALE_REVISION = -32015;

const page = {
  locale: null,
  rpc: null,
  words: null,
  definitions: new Map(), // flow id -> definition (flow/list)
  snapshot: null, // the flow shown, or null on the start screen
  controls: new Map(), // field id -> control of the step shown
  shownKey: null, // which step the controls belong to
  stepVersion: 0, // grows whenever another step is shown
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
  if (error?.code === STALE_REVISION && error.data?.snapshot) return show(error.data.snapshot);
  if (error?.code === ENDED_FLOW) {
    sessionStorage.removeItem(KEPT_KEY);
    return show(null);
  }
  announce(error?.code == null ? page.words.unreachable(error?.message ?? String(error)) : error.message);
}

// Calls to petflowd

function kept() {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * A flow call for the flow shown, with the `rev` of the snapshot shown: if the flow has
 * changed since (another tab, a double press), petflowd refuses with -32015 and its current
 * snapshot, which showFailure renders. A petflowd that no longer knows the flow (it was
 * restarted) gets the kept export back first.
 */
async function flowCall(method, params = {}) {
  const call = (snapshot) => page.rpc(method, { flowId: snapshot.flowId, rev: snapshot.rev, ...params });
  try {
    return await call(page.snapshot);
  } catch (error) {
    const snapshot = kept();
    if (error.code !== UNKNOWN_FLOW || !snapshot) throw error;
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
  try {
    const typed = JSON.parse(sessionStorage.getItem(TYPED_KEY) ?? 'null');
    return typed?.step === step ? typed.texts : {};
  } catch {
    return {};
  }
}

/** The values of the step shown, as its controls hold them. */
function values() {
  const entries = [...page.controls].map(([id, control]) => [id, control.value()]);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** Waits until every bound control has its edits answered. */
async function settled() {
  await Promise.all([...page.controls.values()].map((control) => control.binding?.settled()));
}

// Rendering

function showStart() {
  $('start-screen').hidden = false;
  $('wizard').hidden = true;
  $('done').hidden = true;
  const buttons = [...page.definitions.keys()].map((id) => {
    const button = el('button', { type: 'button', id: `start-${id}`, className: 'primary' }, page.words.flowNames[id] ?? id);
    button.addEventListener('click', () => act(() => start(id)));
    return button;
  });
  $('start-buttons').replaceChildren(...buttons);
}

function showDone(payload) {
  $('start-screen').hidden = true;
  $('wizard').hidden = true;
  $('done').hidden = false;
  $('payload').textContent = JSON.stringify(payload, null, 2);
  announce('');
  $('done-title').focus();
}

function showStep(snapshot, answeredContinue) {
  const { step } = snapshot;
  const definition = page.definitions.get(snapshot.flow);
  const stepKey = `${snapshot.flow} ${step.id}`;
  const key = `${page.locale} ${stepKey}`;
  const newStep = key !== page.shownKey;
  if (newStep) {
    page.controls.forEach((control) => control.binding?.detach());
    const typed = typedOn(stepKey);
    const rendered = renderStep({ snapshot, typed, definition, words: page.words, rpc: page.rpc, onChange: saveDraft });
    page.controls = rendered.controls;
    for (const control of page.controls.values()) control.control.addEventListener('petflow-answer', () => keepTyped(stepKey));
    keepTyped(stepKey);
    page.shownKey = key;
    page.stepVersion += 1;
    $('step-body').replaceChildren(...rendered.elements);
  }
  $('start-screen').hidden = true;
  $('done').hidden = true;
  $('wizard').hidden = false;
  $('flow-name').textContent = page.words.flowNames[snapshot.flow] ?? snapshot.flow;
  $('step-title').textContent = step.title;
  $('step-progress').textContent = step.progress?.label ?? '';
  const last = definition.steps.at(-1).id === step.id;
  $('next').textContent = last ? page.words.submit : page.words.next;
  $('back').textContent = snapshot.canBack ? page.words.back : page.words.leave;
  if (newStep) announce(''); // what was said of the step before no longer holds
  const invalid = showErrors(page.controls, snapshot.errors);
  if (answeredContinue && invalid.length > 0) {
    announce(page.words.fixErrors(invalid.length));
    invalid[0].control.focus();
  } else if (newStep) {
    $('step-title').focus(); // a screen reader reads the new step's title
  }
}

/**
 * Shows `snapshot` (null: the start screen) and keeps it for a reload. After Continue
 * (`answeredContinue`), the first field in error takes the focus.
 */
async function show(snapshot, answeredContinue = false) {
  page.snapshot = snapshot?.status === 'active' ? snapshot : null;
  if (snapshot?.status !== 'active') sessionStorage.removeItem(TYPED_KEY);
  if (snapshot === null || snapshot.status === 'cancelled') {
    page.controls.forEach((control) => control.binding?.detach());
    page.controls = new Map();
    page.shownKey = null;
    showStart();
    if (snapshot) announce(page.words.left);
  } else if (snapshot.status === 'submitted') {
    showDone(snapshot.payload);
  } else {
    showStep(snapshot, answeredContinue);
  }
  await keep(snapshot);
}

// Actions

async function start(flow) {
  await show(await page.rpc('flow/start', { flow }));
}

/** Runs `action` unless another step has been shown since the user asked for it. */
function onThisStep(action) {
  const version = page.stepVersion;
  return act(() => (version === page.stepVersion && page.snapshot ? action() : undefined));
}

function saveDraft() {
  onThisStep(async () => {
    await settled();
    await show(await flowCall('flow/update', { values: values() ?? {} }));
  });
}

function next(event) {
  event.preventDefault();
  onThisStep(async () => {
    await settled();
    const given = values();
    await show(await flowCall('flow/next', given === undefined ? {} : { values: given }), true);
  });
}

function back() {
  onThisStep(async () => {
    await settled();
    // What the user typed on this step is kept for when they come back to it.
    if (page.snapshot.canBack && page.controls.size > 0) await show(await flowCall('flow/update', { values: values() }));
    await show(await flowCall('flow/back'));
  });
}

/** At load, and when the language changes: the definitions, then the report kept, if any. */
async function render(locale, previous) {
  const previousRpc = page.rpc;
  const leaving = previous === null ? null : page.snapshot;
  if (leaving) {
    await queue; // let what the user did in the old language finish first
    await settled();
    await flowCall('flow/update', { values: values() ?? {} }).then(keep, () => {});
  }
  page.locale = locale;
  page.rpc = rpcFor(locale);
  page.words = strings(locale);
  page.shownKey = null;
  act(async () => {
    const { flows } = await page.rpc('flow/list');
    page.definitions = new Map(flows.map((flow) => [flow.id, flow]));
    const snapshot = kept();
    if (!snapshot && !$('done').hidden) return; // the payload stays shown
    if (!snapshot) return show(null);
    try {
      await show(await page.rpc('flow/import', { snapshot }));
      if (previous === null) announce(page.words.resumed);
    } catch (error) {
      sessionStorage.removeItem(KEPT_KEY);
      await show(null);
      throw error;
    }
    // The flow now lives in the new language's petflowd; end it in the old one.
    if (leaving) await previousRpc('flow/cancel', { flowId: leaving.flowId }).catch(() => {});
  });
}

$('step-form').addEventListener('submit', next);
$('back').addEventListener('click', back);
$('restart').addEventListener('click', () => act(() => show(null)));
startPage(render);
