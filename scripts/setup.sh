#!/usr/bin/env bash
# Installs what is missing, idempotently: Debian packages, Node.js 24, npm packages, the Python environments.
# Usage: scripts/setup.sh [runtime|test]; `scripts/setup.sh debs` prints the runtime Debian packages,
# `scripts/setup.sh nonfree` installs only the non-free ones (below) and `scripts/setup.sh pythons` prints the
# runtime Python environments (the Dockerfile installs exactly these).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
MODE="${1:-runtime}"

# Media and local AI engines (docs/PRODUCT.md § Engines, docs/ENGINES.md).
RUNTIME_DEBS=(ffmpeg sox espeak-ng flite pocketsphinx pocketsphinx-en-us fonts-dejavu-core
  fonts-noto-core fonts-wqy-microhei
  apertium apertium-eng-spa apertium-es-pt apertium-fr-es apertium-spa-ita apertium-eng-cat
  python3 python3-venv python3-pip)
# SVOX Pico (docs/ENGINES.md): pico2wave, its Apache-2.0 lingware and its library, which Debian files under
# non-free. Installed through an apt configuration of the project's own (nonfree_install), never by
# editing the machine's sources.
NONFREE_DEBS=(libttspico-utils libttspico-data libttspico0)
# Test-only: a real PostgreSQL server, Chromium for browser tests, recordings for the ASR benchmark.
TEST_DEBS=(postgresql chromium pocketsphinx-testdata asc-music)

# Python environments (scripts/python.sh): the runtimes that live on PyPI, each pinned with hashes
# (ytdlp: yt-dlp for link imports, Debian's is too old to be safe, see docs/IDENTITY.md; asr: the speech
# recognition worker's faster-whisper; enhance: DeepFilterNet3 for the separation; piper: the Piper voices'
# worker, piper-tts with its own espeak-ng; mt: the neural translation worker's CTranslate2 and
# SentencePiece; apifuzz: schemathesis for the API fuzz test).
RUNTIME_PYTHON=(ytdlp asr enhance piper mt)
TEST_PYTHON=(apifuzz)

if [ "$MODE" = debs ]; then
  echo "${RUNTIME_DEBS[*]}"
  exit 0
fi
if [ "$MODE" = pythons ]; then
  echo "${RUNTIME_PYTHON[*]}"
  exit 0
fi

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
# The packages of "$@" that are not installed, in `missing`.
find_missing() {
  missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
}

# NONFREE_DEBS from Debian's non-free section of this machine's release, by an apt configuration kept in
# .tools/apt: one sources list with just that section (read beside the machine's own /etc/apt/sources.list.d,
# which stays as it is) and a pin that lets apt take only NONFREE_DEBS from it. DEBIAN_MIRROR overrides
# the mirror. Nothing is written to /etc; a later plain `apt-get update` simply forgets the extra index.
nonfree_install() {
  find_missing "${NONFREE_DEBS[@]}"
  [ "${#missing[@]}" -eq 0 ] && return 0
  local dir="$ROOT/.tools/apt" suite
  suite="$(. /etc/os-release && echo "$VERSION_CODENAME")"
  mkdir -p "$dir"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${DEBIAN_MIRROR:-http://deb.debian.org/debian} $suite non-free" \
    > "$dir/nonfree.list"
  printf 'Package: *\nPin: release c=non-free\nPin-Priority: -1\n\nPackage: %s\nPin: release c=non-free\nPin-Priority: 500\n' \
    "${NONFREE_DEBS[*]}" > "$dir/nonfree.pref"
  local apt=(-o "Dir::Etc::SourceList=$dir/nonfree.list" -o "Dir::Etc::Preferences=$dir/nonfree.pref")
  echo "setup: installing Debian packages from non-free: ${missing[*]}" >&2
  $SUDO apt-get update -qq "${apt[@]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt[@]}" "${missing[@]}" >/dev/null
}
if [ "$MODE" = nonfree ]; then
  nonfree_install
  exit 0
fi

wanted=("${RUNTIME_DEBS[@]}")
[ "$MODE" = test ] && wanted+=("${TEST_DEBS[@]}")
find_missing "${wanted[@]}"
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
nonfree_install

# The Python environments are made while Node.js and the npm packages install: both mostly unpack files,
# each on one core (a fresh clone's setup here: 40 s one after the other, 22 s side by side).
python_envs=("${RUNTIME_PYTHON[@]}")
[ "$MODE" = test ] && python_envs+=("${TEST_PYTHON[@]}")
scripts/python.sh "${python_envs[@]}" &
pythons=$!

source scripts/node.sh

# npm packages: reinstall only when a manifest or the lockfile changed since the last install.
# `npm install` rather than `npm ci`: the registry here lacks the other platforms' optional binaries
# (e.g. @biomejs/cli-darwin-arm64), which the lockfile cannot list and `npm ci` then refuses. The
# lockfile still pins every version that is installed.
stamp="node_modules/.install-stamp"
manifest_sum() { cat package-lock.json package.json apps/*/package.json packages/*/package.json 2>/dev/null | sha256sum | cut -d' ' -f1; }
sum="$(manifest_sum)-$(node --version)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  echo "setup: installing npm packages" >&2
  # --prefer-offline: what npm's cache holds is not asked for again (the lockfile pins each version)
  npm install --no-audit --no-fund --prefer-offline --loglevel=error
  echo "$(manifest_sum)-$(node --version)" > "$stamp"
fi

# Models (`dub models`, docs/ENGINES.md): the default set (recognition: tiny.en for English, base for the
# other languages and "Detect"; an English Piper voice; Argos' Chinese → English translation), in
# the folder every server, test and CLI of this checkout reads besides its own DATA_DIR/models. Checked by
# SHA-256; a no-op once installed. Without network the service still starts, on pocketsphinx and flite.
node packages/dubbing/src/cli/main.ts models install --dir .tools/models \
  || echo "setup: the default models are not all installed: recognition falls back to pocketsphinx (English), speech to flite and espeak-ng" >&2

wait "$pythons"
