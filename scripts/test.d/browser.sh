#!/usr/bin/env bash
# The browser suite (clients/web/test): what the binding restates held to petflowd (node
# --test), then headless Chromium driven by Selenium through real input events, against the demo
# bridge, the release build and the engine in the page (petflow.wasm), with axe-core on every
# page state; then the browser benchmark's smoke pass. Installs what it needs: Debian's chromium and
# chromium-driver (apt-get, as root), Selenium from PyPI into a venv under .build-venv/, and
# axe-core's axe.min.js from the axe-playwright-python wheel (pip download, never installed);
# fails with a clear message when it cannot, and never skips.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() {
  echo "browser: $*" >&2
  exit 1
}

export PETFLOWD="$PWD/.build/release/petflowd"
[ -x "$PETFLOWD" ] || fail "$PETFLOWD is missing; build it first (scripts/build)"
command -v node >/dev/null || fail "node is not on PATH (the bridge, clients/web/serve.mjs, runs on it)"

# First what needs no browser: what the binding and the pages restate, held to petflowd.
node --test clients/web/test/*.test.mjs

# Chromium and its driver from Debian; Selenium's own manager would try to download them.
# iproute2 for `ss`: the bridge tests see a call waiting in a stopped petflowd's stdin (a
# socket) by its receive queue instead of sleeping.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || ! command -v ss >/dev/null; then
  command -v apt-get >/dev/null || fail "chromium, chromium-driver or iproute2 is missing and there is no apt-get to install them"
  [ "$(id -u)" = 0 ] || fail "chromium, chromium-driver or iproute2 is missing; install them as root: apt-get install chromium chromium-driver iproute2"
  echo "browser: installing chromium, chromium-driver and iproute2 from Debian" >&2
  apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core iproute2 >/dev/null ||
    fail "apt-get install chromium chromium-driver iproute2 failed"
fi

# Selenium from PyPI, in a virtual environment of its own (git-ignored).
venv=.build-venv/browser
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || fail "python3 -m venv failed (on Debian: apt-get install python3-venv)"
fi
if ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
  echo "browser: installing selenium into $venv" >&2
  "$venv/bin/python" -m pip install -q 'selenium>=4.20,<5' || fail "pip install selenium failed"
fi

# axe-core: the wheel of axe-playwright-python carries axe.min.js; only that file is used
# (Selenium injects it), so the wheel is downloaded, never installed. The version is pinned
# so that a new axe release cannot change what the suite checks without a commit.
axe_wheel=axe_playwright_python-0.1.8-py3-none-any.whl
export AXE_JS="$PWD/.build-venv/axe/axe.min.js"
if [ ! -s "$AXE_JS" ]; then
  echo "browser: fetching axe-core (axe-playwright-python 0.1.8) into .build-venv/axe" >&2
  mkdir -p .build-venv/axe
  "$venv/bin/python" -m pip download -q --no-deps --only-binary :all: -d .build-venv/axe 'axe-playwright-python==0.1.8' ||
    fail "pip download axe-playwright-python failed"
  "$venv/bin/python" -c 'import sys, zipfile; open(sys.argv[2], "wb").write(zipfile.ZipFile(sys.argv[1]).read("axe_playwright_python/axe.min.js"))' \
    ".build-venv/axe/$axe_wheel" "$AXE_JS" || fail "no axe.min.js in .build-venv/axe/$axe_wheel"
fi

# The pages run the engine in the page by default: petflow.wasm, built (quick when nothing changed).
scripts/build-wasm || fail "scripts/build-wasm failed (the pages' petflow.wasm)"

"$venv/bin/python" clients/web/test/run.py

# The browser benchmark's smoke pass: it must keep running; its timings are not judged here.
"$venv/bin/python" benchmarks/browser.py --quick --binary "$PETFLOWD" --out benchmarks/out/browser-smoke.json
