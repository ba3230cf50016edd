#!/usr/bin/env node
// The floor of the browser scenario: the demo's own bridge (clients/web/bridge/server.mjs,
// same HTTP and WebSocket path, same sessions, same pages) with each session's petflowd
// replaced by canned answers made in the bridge's own process, in a few microseconds, so
// that benchmarks/browser.py can tell what petflowd (its process, its pipes, its work) adds
// to a keystroke. Prints the URL it serves on its first line, as serve.mjs does.
import { startBridge } from '../../clients/web/bridge/server.mjs';

/** The one kind the benchmark types into, described as field/list would. */
const FIELDS = [
  {
    kind: 'chipNumber',
    label: 'Microchip number',
    hint: '',
    placeholder: '00000-00000-00000',
    keyboard: 'numberPad',
    editing: 'mask',
    inputMode: 'numeric',
    maxLength: 15,
    options: null,
    textEditable: true,
  },
];

function answer(text, caret) {
  return { text, caret, selection: { start: caret, end: caret }, value: text || null, error: null };
}

/** A field answer without formatting: the edit applied to the text as it is. */
function edit({ text, selection: { start, end }, edit }) {
  if (edit.type === 'insert')
    return answer(text.slice(0, start) + edit.text + text.slice(end), start + edit.text.length);
  if (start !== end) return answer(text.slice(0, start) + text.slice(end), start);
  if (edit.type === 'deleteBackward')
    return start === 0
      ? answer(text, 0)
      : answer(text.slice(0, start - 1) + text.slice(start), start - 1);
  return answer(text.slice(0, start) + text.slice(start + 1), start);
}

function result(method, params) {
  if (method === 'field/edit') return edit(params);
  if (method === 'field/format')
    return answer(params.text, params.selection?.end ?? params.text.length);
  if (method === 'field/list') return { fields: FIELDS };
  if (method === 'initialize')
    return {
      serverInfo: { name: 'floor' },
      positionEncoding: 'utf-16',
      locale: params?.locale ?? 'en',
    };
  return null;
}

/** A session's "petflowd": answers each body at once, in the shape DaemonProcess.send has. */
function cannedDaemon() {
  let end;
  const exited = new Promise((resolve) => {
    end = resolve;
  });
  return {
    pid: process.pid,
    busy: 0,
    exited,
    async send(body) {
      const { id, method, params } = JSON.parse(body);
      if (id === undefined) return [];
      return [Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, result: result(method, params) }))];
    },
    end() {
      end({ code: 0, signal: null });
      return exited;
    },
  };
}

const bridge = await startBridge({
  port: 0,
  binary: 'canned',
  startDaemon: async () => cannedDaemon(),
});
process.stdout.write(`${bridge.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => bridge.close().then(() => process.exit(0)));
