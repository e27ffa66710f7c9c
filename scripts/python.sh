#!/usr/bin/env bash
# Python environments for the inference runtimes and tools that live on PyPI (docs/ARCHITECTURE.md,
# "Python workers"). Each NAME is one virtual environment, .tools/python/NAME (git-ignored), made with the
# machine's python3 from scripts/python/NAME.txt: every package pinned with its hashes, installed with
# --require-hashes --no-deps, so what runs is exactly what the file names. Idempotent: an environment is
# made again only when its requirements file changed.
# Usage: scripts/python.sh NAME [NAME …]; `scripts/python.sh --path NAME` prints its folder.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENVS="${DUB_PYTHON_DIR:-$ROOT/.tools/python}"
if [ "${1:-}" = --path ]; then
  echo "$VENVS/$2"
  exit 0
fi
PYTHON="${PYTHON:-/usr/bin/python3}"
[ -x "$PYTHON" ] || PYTHON="$(command -v python3)"

for name in "$@"; do
  requirements="$ROOT/scripts/python/$name.txt"
  [ -f "$requirements" ] || { echo "setup: no $requirements" >&2; exit 1; }
  venv="$VENVS/$name"
  sum="$(cat "$requirements" | sha256sum | cut -d' ' -f1)-$("$PYTHON" -c 'import sys; print(sys.version.split()[0])')"
  if [ -f "$venv/.install-stamp" ] && [ "$(cat "$venv/.install-stamp")" = "$sum" ]; then
    continue
  fi
  echo "setup: making the Python environment $name" >&2
  # the stamp is written last: an install cut short is made again next time
  rm -rf "$venv"
  mkdir -p "$VENVS"
  # no pip inside: the machine's pip installs into it (twice as fast as bootstrapping one per environment)
  "$PYTHON" -m venv --without-pip "$venv"
  "$PYTHON" -m pip --python "$venv/bin/python" install --quiet --no-input --require-hashes --no-deps --only-binary=:all: \
    -r "$requirements"
  echo "$sum" > "$venv/.install-stamp"
done
