#!/usr/bin/env node
// The floor of the browser scenario: the demo's own bridge (clients/web/bridge/server.mjs,
// same HTTP path, same pages) with petflowd replaced by canned answers made in a few
// microseconds, so that benchmarks/browser.py can tell what petflowd adds to a keystroke.
// Prints the URL it serves on its first line, as serve.mjs does.
import { startBridge } from '../../clients/web/bridge/server.mjs';

/** The one kind the benchmark types into, described as field/list would. */
const FIELDS = [
  { kind: 'chipNumber', label: 'Microchip number', placeholder: '00000-00000-00000', keyboard: 'numberPad', maxLength: 15, options: null, textEditable: true },
];

function answer(text, caret) {
  return { text, caret, selection: { start: caret, end: caret }, value: text || null, error: null };
}

/** A field answer without formatting: the edit applied to the text as it is. */
function edit({ text, selection: { start, end }, edit }) {
  if (edit.type === 'insert') return answer(text.slice(0, start) + edit.text + text.slice(end), start + edit.text.length);
  if (start !== end) return answer(text.slice(0, start) + text.slice(end), start);
  if (edit.type === 'deleteBackward') return start === 0 ? answer(text, 0) : answer(text.slice(0, start - 1) + text.slice(start), start - 1);
  return answer(text.slice(0, start) + text.slice(start + 1), start);
}

const canned = {
  async request(method, params) {
    if (method === 'field/edit') return edit(params);
    if (method === 'field/format') return answer(params.text, params.selection?.end ?? params.text.length);
    if (method === 'field/list') return { fields: FIELDS };
    throw Object.assign(new Error(`the floor answers field/edit, field/format and field/list, not ${method}`), { code: -32601 });
  },
  notify() {},
};

const bridge = await startBridge({ port: 0, pool: { client: async () => canned, close: async () => {} } });
process.stdout.write(`${bridge.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => bridge.close().then(() => process.exit(0)));
