#!/usr/bin/env bash
# Rebuilds apps/server/test/upgrade/release-1/ (the upgrade test's fixture) from the first commit that
# had migrations: that release's code makes the data, in a throwaway PostgreSQL, and pg_dump writes it.
# Usage: apps/server/test/upgrade/make-release-1.sh   (needs the test PostgreSQL: scripts/setup.sh test)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
COMMIT=c1bc237
OUT="$HERE/release-1"
work="$(mktemp -d /tmp/dub-release-1-XXXXXX)"
chmod 755 "$work" # the test PostgreSQL runs as the postgres user
cleanup() {
  "$ROOT/scripts/test-postgres.sh" stop "$work/pg" || true
  git -C "$ROOT" worktree remove --force "$work/src" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
source "$ROOT/scripts/node.sh"

git -C "$ROOT" worktree add --detach "$work/src" "$COMMIT" >/dev/null
(cd "$work/src" && npm install --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null)
url="$("$ROOT/scripts/test-postgres.sh" start "$work/pg" 18850)"
cp "$HERE/make-release-1.ts" "$work/src/"
(cd "$work/src" && node make-release-1.ts "$url" "$work/data")

rm -rf "$OUT" && mkdir -p "$OUT"
pg_dump="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/pg_dump"
# Plain INSERTs (no COPY) so that PGlite can run the file too; no owners or grants (another server's roles);
# without psql's meta-commands (\restrict), which only psql understands.
"$pg_dump" --inserts --no-owner --no-privileges --no-comments "$url" | sed '/^\\/d' >"$OUT/dump.sql"
cp -r "$work/data/storage" "$OUT/storage"
cp "$work/data/release.json" "$OUT/"
du -sh "$OUT"
