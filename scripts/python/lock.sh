#!/usr/bin/env bash
# Pins an environment: scripts/python/NAME.in (the packages wanted, with versions) → NAME.txt (every
# package it needs, each version and hash), for Linux x86-64 and CPython 3.11 (Debian bookworm's).
# A developer's tool, run when NAME.in changes; the setup only reads NAME.txt.
# Usage: scripts/python/lock.sh NAME
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
name="$1"
tool="$(mktemp -d)"
trap 'rm -rf "$tool"' EXIT
python3 -m venv "$tool"
"$tool/bin/pip" install --quiet uv==0.13.9
"$tool/bin/uv" pip compile "$HERE/$name.in" --generate-hashes --no-header --quiet \
  --python-version 3.11 --python-platform x86_64-manylinux_2_28 --only-binary :all: -o "$HERE/$name.txt"
