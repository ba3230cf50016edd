#!/usr/bin/env bash
# The browser suite (clients/web/test): headless Chromium driven by Selenium through real input
# events, against the demo bridge and the release build; then the browser benchmark's smoke pass. Installs what it needs: Debian's
# chromium and chromium-driver (apt-get, as root) and Selenium from PyPI into a venv under
# .build-venv/; fails with a clear message when it cannot, and never skips.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() {
  echo "browser: $*" >&2
  exit 1
}

export PETFLOWD="$PWD/.build/release/petflowd"
[ -x "$PETFLOWD" ] || fail "$PETFLOWD is missing; build it first (swift build -c release --static-swift-stdlib)"
command -v node >/dev/null || fail "node is not on PATH (the bridge, clients/web/serve.mjs, runs on it)"

# Chromium and its driver from Debian; Selenium's own manager would try to download them.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  command -v apt-get >/dev/null || fail "chromium and chromium-driver are missing and there is no apt-get to install them"
  [ "$(id -u)" = 0 ] || fail "chromium and chromium-driver are missing; install them as root: apt-get install chromium chromium-driver"
  echo "browser: installing chromium and chromium-driver from Debian" >&2
  apt-get update -qq || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null ||
    fail "apt-get install chromium chromium-driver failed"
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

"$venv/bin/python" clients/web/test/run.py

# The browser benchmark's smoke pass: it must keep running; its timings are not judged here.
"$venv/bin/python" benchmarks/browser.py --quick --binary "$PETFLOWD" --out benchmarks/out/browser-smoke.json
