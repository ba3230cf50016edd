// A test page: an <input> controlled as React controls one, bound to petflowd. react-dom
// (inputValueTracking.js) gives the node an own `value` property that records what the
// framework last set; an `input` event is a change (onChange) only when the node's value
// differs from that. The component keeps the value in its state and, on every change,
// renders again: it sets `value` once more, after the event (as a batched update does).
// The binding must neither replace that property nor lose a key or a caret position.
// `?transport=ws` or `http` binds it through the bridge; else to the engine in the page.
import { bindField, httpRpc, wasmRpc, workTracker, wsRpc } from '/petflow-input.js';

const TRANSPORTS = {
  wasm: () => wasmRpc({ url: '/petflow.wasm' }),
  ws: () => wsRpc('/rpc'),
  http: () => httpRpc('/rpc'),
};
const rpc = (
  TRANSPORTS[new URLSearchParams(location.search).get('transport')] ?? TRANSPORTS.wasm
)();

const input = document.getElementById('controlled');
const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
let tracked = '';
function trackedSetter(text) {
  tracked = String(text);
  native.set.call(this, text);
}
Object.defineProperty(input, 'value', {
  configurable: true,
  get() {
    return native.get.call(this);
  },
  set: trackedSetter,
});

const state = { value: '', changes: 0, renders: 0 };
function render() {
  state.renders += 1;
  input.value = state.value; // a controlled input sets its value on every render
  document.getElementById('changes').value = String(state.changes);
}
input.addEventListener('input', () => {
  const now = native.get.call(input);
  if (now === tracked) return; // no change: React calls no onChange
  tracked = now;
  state.value = now;
  state.changes += 1;
  queueMicrotask(render);
});

const work = workTracker();
window.petflowIdle = work.idle;
window.controlled = {
  rpc,
  state,
  ownSetterKept: () => Object.getOwnPropertyDescriptor(input, 'value')?.set === trackedSetter,
};
bindField(input, { field: 'chipNumber', rpc, track: work.track });
render();
