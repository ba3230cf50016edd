#!/usr/bin/env python3
"""Where a keystroke's time goes over wasm (the engine in the page), in headless Chromium:
the parts of benchmarks/browser.py's "keydown to answer applied", measured in the page with
performance.now() (cross-origin isolated: 5 µs steps) on a chip number control bound to the
page's wasm rpc, with the rpc and the control's value setter wrapped before binding:

- keydown to beforeinput: the browser's own, before the binding sees the key;
- beforeinput to the call: the binding (the queue, reading the control);
- the engine: wasmRpc's call, answered inside it (JSON, the module's handle);
- the value written: the binding's one write of the control's text, inside the key's event;
- the rest: the binding's other work after the answer (flags, history, caret, events).

Then, for contrast, the same write of a text into a plain control, made inside the key's
`beforeinput` (as the binding does) and in a task of its own afterwards; and the browser's own
typing into a plain control (no script but the timing), keydown to its `input` event.

With --trace FILE, only the bound control is typed into, Chromium records a trace of its own
work meanwhile (JSON, written to FILE), and what it did for a keystroke is summed up: the
count and the median time of its steps that keep the operating system's text input state in
step with the control (for IMEs), which it does at once for every change of the text or caret
made while it handles an input event.

    python3 benchmarks/browser/keystroke_parts.py [--keys 200] [--warm N] [--trace FILE]

Needs what browser.py needs; serve.mjs runs with --no-daemon.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))

import browser  # noqa: E402  (benchmarks/browser.py: its keys, its venv)

# A control bound to the page's rpc, with the rpc and the value setter timed.
BIND = """
const [warm, done] = arguments;
const proto = HTMLInputElement.prototype;
const value = Object.getOwnPropertyDescriptor(proto, 'value');
window.parts = { samples: [], down: 0, before: 0, call: [0, 0], write: 0 };
Object.defineProperty(proto, 'value', {
  configurable: true,
  get: value.get,
  set(text) {
    const start = performance.now();
    value.set.call(this, text);
    parts.write += performance.now() - start;
  },
});
import('/petflow-input.js').then(({ bindField }) => {
  const inner = window.petflowPage.rpc;
  const rpc = (method, params) => {
    const start = performance.now();
    const answer = inner(method, params);
    parts.call = [start, performance.now()];
    return answer;
  };
  const field = Object.assign(document.createElement('input'), { id: 'parts', type: 'text' });
  document.querySelector('main').prepend(field);
  bindField(field, { field: 'chipNumber', rpc });
  field.addEventListener('keydown', () => { parts.down = performance.now(); parts.write = 0; }, { capture: true });
  field.addEventListener('beforeinput', () => { parts.before = performance.now(); }, { capture: true });
  field.addEventListener('petflow-answer', () => {
    const now = performance.now();
    const [start, end] = parts.call;
    parts.samples.push([parts.before - parts.down, start - parts.before, end - start, parts.write,
      now - end - parts.write, now - parts.down]);
  });
  field.focus();
  // Calls made before typing, back to back, to warm the engine (V8 tiers hot code up).
  for (let n = 0; n < warm; n++)
    inner('field/edit', { field: 'chipNumber', text: '12345', selection: { start: 5, end: 5 },
      edit: { type: 'insert', text: String(n % 10) } });
  window.petflowIdle().then(() => done(true));
});
"""

# A plain control whose cancelled beforeinput writes the new text itself: `inside` the event, or
# in a task of its own (`after`).
PLAIN = """
const mode = arguments[0];
document.getElementById('plain')?.remove();
const field = Object.assign(document.createElement('input'), { type: 'text', id: 'plain' });
document.querySelector('main').prepend(field);
window.parts = { samples: [] };
const write = (text) => {
  const start = performance.now();
  field.value = text;
  field.setSelectionRange(text.length, text.length);
  parts.samples.push(performance.now() - start);
};
field.addEventListener('beforeinput', (event) => {
  event.preventDefault();
  const text = event.inputType === 'insertText' ? field.value + event.data : field.value.slice(0, -1);
  if (mode === 'inside') write(text);
  else setTimeout(() => write(text), 0);
});
field.focus();
"""

# The browser's own typing: a plain control with no listener but the timing, keydown to `input`.
NATIVE = """
document.getElementById('plain')?.remove();
const field = Object.assign(document.createElement('input'), { type: 'text', id: 'plain' });
document.querySelector('main').prepend(field);
window.parts = { samples: [], down: 0 };
field.addEventListener('keydown', () => { parts.down = performance.now(); }, { capture: true });
field.addEventListener('input', () => { parts.samples.push(performance.now() - parts.down); });
field.focus();
"""

# Chromium's trace categories and the steps of a keystroke summed up from them: selection
# changes made during an input event update the text input state synchronously, each forcing
# style and layout.
TRACE_CATEGORIES = "blink,renderer,input"
TRACE_STEPS = [
    "FrameSelection::SetSelection",
    "WidgetBase::UpdateTextInputStateInternal",
    "WidgetBase::UpdateSelectionBounds",
    "LocalFrameView::performLayout",
]

PARTS = ["keydown to beforeinput", "beforeinput to the call", "the engine", "the value written", "the rest", "keydown to answer applied"]


def type_keys(driver, count):
    for n in range(browser.WARMUP + count):
        down, up = browser.key_events(n)
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", down)
        time.sleep(browser.QUIET_SECONDS)  # quiet until the answer has landed
        driver.execute_cdp_cmd("Input.dispatchKeyEvent", up)
        if n == browser.WARMUP - 1:
            driver.execute_script("window.parts.samples = []")
    return driver.execute_script("return window.parts.samples")


def trace_summary(path, keystrokes, seconds):
    """Waits for Chromium to write the trace (once `seconds` of tracing are over); per keystroke,
    how often each of TRACE_STEPS ran and its median time."""
    deadline = time.time() + seconds + 30
    while not os.path.exists(path) and time.time() < deadline:
        time.sleep(0.5)
    with open(path) as file:
        events = json.load(file)["traceEvents"]
    lines = ["| Chromium's step (trace) | times a keystroke | median (ms) |", "| --- | ---: | ---: |"]
    for name in TRACE_STEPS:
        durations = [event["dur"] / 1000 for event in events if event.get("name") == name and event.get("ph") == "X"]
        if durations:
            lines.append(f"| {name} | {len(durations) / keystrokes:.1f} | {statistics.median(durations):.3f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--warm", type=int, default=0, metavar="N", help="engine calls made at load, before typing")
    parser.add_argument("--trace", metavar="FILE", help="trace Chromium while the bound control is typed into")
    parser.add_argument("--trace-seconds", type=int, default=40, help="how long the trace runs (it must outlast the typing)")
    args = parser.parse_args()
    browser.with_selenium()
    from selenium import webdriver

    subprocess.run([os.path.join(ROOT, "scripts", "build-wasm")], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    server, url = browser.start(["node", "clients/web/serve.mjs", "--port", "0", "--no-daemon"])
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    if args.trace:
        # Chromium writes the file once the time is up, not when it is closed sooner.
        trace = os.path.abspath(args.trace)
        if os.path.exists(trace):
            os.remove(trace)
        for argument in (f"--trace-startup={TRACE_CATEGORIES}", f"--trace-startup-file={trace}",
                         "--trace-startup-format=json", f"--trace-startup-duration={args.trace_seconds}"):
            options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService("/usr/bin/chromedriver"))
    try:
        driver.get(url + "fields?transport=wasm")
        driver.execute_async_script(BIND, args.warm)
        samples = type_keys(driver, args.keys)
        print(f"{len(samples)} keystrokes over wasm, cross-origin isolated: {driver.execute_script('return crossOriginIsolated')}")
        print("| part | p50 (ms) | p99 (ms) |\n| --- | ---: | ---: |")
        for index, name in enumerate(PARTS):
            column = [sample[index] for sample in samples]
            print(f"| {name} | {browser.percentile(column, 50):.3f} | {browser.percentile(column, 99):.3f} |")
        if args.trace:
            print(trace_summary(trace, browser.WARMUP + args.keys, args.trace_seconds))
            return
        for mode in ("inside", "after"):
            driver.execute_script(PLAIN, mode)
            writes = type_keys(driver, args.keys)
            print(f"a plain control's value and caret written {mode} the key's event: p50 {statistics.median(writes):.3f} ms, p99 {browser.percentile(writes, 99):.3f} ms")
        driver.execute_script(NATIVE)
        typed = type_keys(driver, args.keys)
        print(f"the browser's own typing into a plain control, keydown to input: p50 {statistics.median(typed):.3f} ms, p99 {browser.percentile(typed, 99):.3f} ms")
    finally:
        driver.quit()
        server.terminate()


if __name__ == "__main__":
    main()
