#!/usr/bin/env bash
# Packaging: scripts/package builds dist/ (the wheel, the npm tarballs, the .deb), then
# scripts/package_test.py installs each as a user without Swift would and checks it. Debian
# tools it needs are installed here when missing: binutils (strip, objdump, readelf),
# dpkg-dev (dpkg-shlibdeps) and man-db (the man page check). auditwheel comes from PyPI into
# a venv the test makes.
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
command -v strip >/dev/null && command -v objdump >/dev/null && command -v readelf >/dev/null || need+=(binutils)
command -v dpkg-shlibdeps >/dev/null || need+=(dpkg-dev)
command -v man >/dev/null || need+=(man-db)
if [ "${#need[@]}" -gt 0 ]; then
  echo "package: installing ${need[*]} (Debian)" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"; } >&2 ||
    { echo "package: could not install ${need[*]} with apt-get (root and Debian's archive needed)" >&2; exit 1; }
fi
python3 -m venv --help >/dev/null ||
  { echo "package: python3 cannot make a venv (Debian: apt-get install python3-venv)" >&2; exit 1; }

scripts/package
python3 -m unittest -v scripts/package_test.py
