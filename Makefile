# The two commands of the README. Each installs what is missing first (idempotent).
SHELL := /bin/bash
NODE_ENV_SH := source scripts/node.sh
PORT ?= 8080

.PHONY: start test test-fast setup setup-test build lint typecheck unit e2e dev bench container-test

# a 1 MB young generation: the server's resident memory drops by about a third (bench/upload), with no
# measured cost to upload or dub speed (docs/decisions/performance.md)
SERVER_NODE_FLAGS = --max-semi-space-size=1
# glibc returns freed blocks of 64 KiB and up to the system at once (its threshold otherwise rises to
# the largest block freed, and a dub's clip buffers then stay in the process): after a 5,000-segment
# dub the server's resident memory is ~300 MB instead of ~410 MB (bench/pipeline/scale.ts)
SERVER_MALLOC_ENV = MALLOC_MMAP_THRESHOLD_=65536 MALLOC_TRIM_THRESHOLD_=131072

start: setup build
	@$(NODE_ENV_SH) && PORT=$(PORT) $(SERVER_MALLOC_ENV) node $(SERVER_NODE_FLAGS) apps/server/src/main.ts

# Every test run's temporary files (servers' data folders, databases, browsers' profiles, fixtures) go
# in one folder of its own, removed when the run ends, pass or fail: tests that forget theirs no longer
# fill /tmp (2.5 GB after a few runs here). World-writable like /tmp: the test PostgreSQL runs as postgres.
TEST_TMP = export TMPDIR="$$(mktemp -d "$${TMPDIR:-/tmp}/dub-test-run-XXXXXX")" && chmod 1777 "$$TMPDIR" \
	&& trap 'rm -rf "$$TMPDIR"' EXIT

# The browser suites side by side: the app's keeps the cores ~86 % busy, the widget's about half of one
# (32 s alone); its report is printed when both are done.
BROWSER_TESTS = { npm run --silent e2e --workspaces --if-present > "$$TMPDIR/widget-e2e.log" 2>&1 & widget=$$!; \
	npm run --silent e2e; app=$$?; wait $$widget; widgets=$$?; cat "$$TMPDIR/widget-e2e.log"; \
	[ $$app = 0 ] && [ $$widgets = 0 ]; }

# The web app's build (for the browser tests) runs beside the lint and the typecheck: one core each.
test: setup-test
	@$(NODE_ENV_SH) && $(TEST_TMP) && { npm run --silent build -w @dubbing/web & build=$$!; \
		npx biome ci . && npm run --silent typecheck; checks=$$?; wait $$build && [ $$checks = 0 ]; } \
		&& npx vitest run && $(BROWSER_TESTS)

# The inner loop (a few minutes): every unit test and the integration suites in embedded mode only,
# without the multi-process suites (apps/server/vitest.config.ts names them).
test-fast: setup-test
	@$(NODE_ENV_SH) && $(TEST_TMP) && TEST_MODES=embedded npx vitest run

setup:
	@scripts/setup.sh runtime

setup-test:
	@scripts/setup.sh test

build:
	@$(NODE_ENV_SH) && npm run --silent build -w @dubbing/web

lint:
	@$(NODE_ENV_SH) && npx biome check --write .

typecheck:
	@$(NODE_ENV_SH) && npm run --silent typecheck

unit:
	@$(NODE_ENV_SH) && npx vitest run

e2e: build
	@$(NODE_ENV_SH) && $(TEST_TMP) && $(BROWSER_TESTS)

# Server with auto-restart and the web app with hot reload (http://localhost:5173).
dev: setup
	@$(NODE_ENV_SH) && (node --watch apps/server/src/main.ts & npm run dev -w @dubbing/web; kill %1)

# Builds the Dockerfile with buildah and dubs a video in the image (root; not part of `make test`).
container-test:
	@scripts/container-test.sh
