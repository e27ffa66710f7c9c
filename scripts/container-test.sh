#!/usr/bin/env bash
# Builds the Dockerfile with buildah (no Docker engine and no image registry needed), starts the server in
# the image on a loopback port, signs in through the dev mailbox, uploads a short video, dubs it, imports
# it by link through the image's yt-dlp, reads the API reference, checks the console's operator gate
# (scripts/container-smoke.ts) and removes what it made. Prints the wall time and the image's size.   Usage: scripts/container-test.sh
# (as root). CONTAINER_TEST_PORT (default 18801) is the loopback port; KEEP_IMAGE=1 keeps the image.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started=$(date +%s)
PORT="${CONTAINER_TEST_PORT:-18801}"
IMAGE=localhost/dubbing:container-test
say() { echo "container-test: $*" >&2; }

# buildah builds and runs images, podman imports the base, debootstrap makes it: Debian's packages.
missing=()
for pkg in buildah podman debootstrap; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
source scripts/node.sh

# The base image: no registry is reachable, so debian:<release>-slim is made from this machine's Debian
# mirror (the same release as the machine) and stored under the official name, which the Dockerfile's
# FROM then finds locally (--pull=never).
. /etc/os-release
RELEASE="$VERSION_CODENAME"
BASE="docker.io/library/debian:$RELEASE-slim"
if ! podman image exists "$BASE"; then
  MIRROR="$(grep -hoE '^URIs: *\S+' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | awk '{print $2}')"
  MIRROR="${MIRROR:-$(grep -hoE '^deb +\S+' /etc/apt/sources.list 2>/dev/null | head -n 1 | awk '{print $2}')}"
  say "making $BASE from $MIRROR (debootstrap, once)"
  rootfs="$(mktemp -d)"
  debootstrap --variant=minbase "$RELEASE" "$rootfs" "$MIRROR" >/dev/null
  # the official slim image's sources and its exclusion of documentation and translations
  rm -f "$rootfs/etc/apt/sources.list"
  cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: $RELEASE $RELEASE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${MIRROR%/debian}/debian-security
Suites: $RELEASE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  # this machine's own certificate authorities (e.g. a TLS-inspecting proxy before the npm registry)
  mkdir -p "$rootfs/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$rootfs/usr/local/share/ca-certificates/" 2>/dev/null || true
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" -c . | podman import --quiet - "$BASE" >/dev/null
  rm -rf "$rootfs"
fi

# Everything this run makes goes, whatever happens: the server, the working container, the image and the
# intermediate images of its layers (KEEP_IMAGE=1 keeps the last two: a rebuild then reuses them).
dangling() { buildah images --all --quiet --no-trunc --filter dangling=true | sort; }
dangling_before="$(dangling)"
work="" ctr="" server_pid=""
cleanup() {
  set +e
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
  [ -z "$ctr" ] || buildah rm "$ctr" >/dev/null 2>&1
  if [ "${KEEP_IMAGE:-}" != 1 ]; then
    buildah rmi "$IMAGE" >/dev/null 2>&1
    comm -13 <(echo "$dangling_before") <(dangling) | xargs -r buildah rmi >/dev/null 2>&1
  fi
  [ -z "$work" ] || rm -rf "$work"
}
trap cleanup EXIT

say "building $IMAGE"
buildah bud --isolation chroot --format docker --layers --pull=never --quiet -t "$IMAGE" . >/dev/null
built=$(date +%s)
size_bytes="$(podman image inspect --format '{{.Size}}' "$IMAGE")"
say "image built in $((built - started)) s, $((size_bytes / 1000000)) MB"

work="$(mktemp -d)"
data="$work/data"
mkdir -p "$data" && chown 10001:10001 "$data"
ctr="$(buildah from --pull=never "$IMAGE")"

# The image's own command and user, the host's network (a loopback port), DATA_DIR on a host folder
# (not at /data: `buildah run` mounts a fresh volume over a declared VOLUME, whatever -v says).
say "starting the server in the image on 127.0.0.1:$PORT"
buildah run --isolation chroot --user dub -v "$data:/srv/dub-data" --env DATA_DIR=/srv/dub-data \
  --env HOST=127.0.0.1 --env PORT="$PORT" --env PUBLIC_URL="http://127.0.0.1:$PORT" \
  --env ADMIN_EMAILS=operator@example.com --env IMPORT_ALLOW_PRIVATE=127.0.0.1 \
  "$ctr" -- node --max-semi-space-size=1 apps/server/src/main.ts >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.5
done
say "health: $(curl -fsS "http://127.0.0.1:$PORT/api/health")"
# The image's HEALTHCHECK command, run inside the image against the server.
buildah run --isolation chroot --user dub --env PORT="$PORT" "$ctr" -- node -e \
  'fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))'
say "HEALTHCHECK passes; running as $(buildah run --isolation chroot --user dub "$ctr" -- id -un)"
say "yt-dlp $(buildah run --isolation chroot --user dub "$ctr" -- .tools/python/ytdlp/bin/yt-dlp --version)"

OPERATOR_EMAIL=operator@example.com node scripts/container-smoke.ts "http://127.0.0.1:$PORT" "$work" || { tail -n 40 "$work/server.log" >&2; exit 1; }
[ -n "$(ls -A "$data/db")" ] || { say "nothing was written to DATA_DIR/db"; exit 1; }

ended=$(date +%s)
say "passed: wall time $((ended - started)) s (build $((built - started)) s), image $((size_bytes / 1000000)) MB"
