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
`beforeinput` (as the binding does) and in a task of its own afterwards.

    python3 benchmarks/browser/keystroke_parts.py [--keys 200]

Needs what browser.py needs; serve.mjs runs with --no-daemon.
"""

import argparse
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
const done = arguments[0];
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    browser.with_selenium()
    from selenium import webdriver

    subprocess.run([os.path.join(ROOT, "scripts", "build-wasm")], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    server, url = browser.start(["node", "clients/web/serve.mjs", "--port", "0", "--no-daemon"])
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService("/usr/bin/chromedriver"))
    try:
        driver.get(url + "fields?transport=wasm")
        driver.execute_async_script(BIND)
        samples = type_keys(driver, args.keys)
        print(f"{len(samples)} keystrokes over wasm, cross-origin isolated: {driver.execute_script('return crossOriginIsolated')}")
        print("| part | p50 (ms) | p99 (ms) |\n| --- | ---: | ---: |")
        for index, name in enumerate(PARTS):
            column = [sample[index] for sample in samples]
            print(f"| {name} | {browser.percentile(column, 50):.3f} | {browser.percentile(column, 99):.3f} |")
        for mode in ("inside", "after"):
            driver.execute_script(PLAIN, mode)
            writes = type_keys(driver, args.keys)
            print(f"a plain control's value and caret written {mode} the key's event: p50 {statistics.median(writes):.3f} ms, p99 {browser.percentile(writes, 99):.3f} ms")
    finally:
        driver.quit()
        server.terminate()


if __name__ == "__main__":
    main()
