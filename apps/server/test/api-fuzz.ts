import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Schemathesis, the property-based API fuzzer, over the document the server publishes
// (GET /api/openapi.json): it makes requests from the document's schemas (valid and invalid ones) and
// checks every answer against it. Installed as the test-only Python environment `apifuzz`
// (scripts/python/apifuzz.txt; `scripts/setup.sh test` makes it). Used by test/api-fuzz.test.ts (a short,
// bounded run) and bench/security/api-fuzz.ts (the long one).

const ROOT = path.resolve(import.meta.dirname, "../../..");
export const SCHEMATHESIS = path.join(ROOT, ".tools/python/apifuzz/bin/schemathesis");

/** What the fuzzer checks of every answer: no 5xx; a documented status, content type and body. */
export const FUZZ_CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_schema_conformance",
];

/**
 * Operations the fuzzer leaves out, each with its reason. Everything else is fuzzed signed in (a
 * session cookie or an API key, one run each).
 */
export const FUZZ_EXCLUDED: Record<string, string> = {
  "PUT /api/auth/logout": "ends the fuzzing user's session (the rest of the run would be signed out)",
  "PUT /api/auth/logout-everywhere": "ends every session of the fuzzing user",
  "DELETE /api/account": "closes the fuzzing user's account",
  "GET /api/stripe/portal": "Stripe is not configured here: its documented 503 (billing_unavailable)",
  "POST /api/stripe/checkout": "Stripe is not configured here: its documented 503 (billing_unavailable)",
  "POST /api/stripe/webhook": "Stripe is not configured here: its documented 503 (billing_unavailable)",
  "GET /api/video/{id}/events":
    "a progress stream: stays open by design (the walk of built-in names covers it)",
};

export interface FuzzRun {
  baseUrl: string;
  /** `cookie: …` or `authorization: Bearer …`. */
  header: string;
  maxExamples: number;
  maxSeconds: number;
  seed: number;
  checks?: string[];
  /** The fuzzer's folder for its reports (NDJSON events, for the bench's figures). */
  reportDir?: string;
  /** A schemathesis.toml: fixed parameters (a workspace member's run: test/fuzz-roles.ts). */
  configFile?: string;
  /** Operations left out besides FUZZ_EXCLUDED ("METHOD /path"). */
  exclude?: string[];
  /** Only the operations whose path matches (a regular expression). */
  includePath?: string;
  /** The fuzzer's phases (default: all it runs by default). */
  phases?: string[];
}

/** Runs the fuzzer; resolves with its exit code and what it printed (the report of any failure). */
export function runSchemathesis(run: FuzzRun): Promise<{ code: number; output: string }> {
  if (!existsSync(SCHEMATHESIS))
    throw new Error(
      `${SCHEMATHESIS} is missing: make it with scripts/python.sh apifuzz (scripts/setup.sh test)`,
    );
  const args = [
    "run",
    `${run.baseUrl}/api/openapi.json`,
    "--url",
    run.baseUrl,
    "--checks",
    (run.checks ?? FUZZ_CHECKS).join(","),
    "--max-examples",
    String(run.maxExamples),
    "--max-time",
    String(run.maxSeconds),
    "--seed",
    String(run.seed),
    "--header",
    run.header,
    "--request-timeout",
    "20",
    "--continue-on-failure",
    "--suppress-health-check",
    "all",
    "--no-shrink",
    ...[...Object.keys(FUZZ_EXCLUDED), ...(run.exclude ?? [])].flatMap((op) => ["--exclude-name", op]),
    ...(run.includePath ? ["--include-path-regex", run.includePath] : []),
    ...(run.phases ? ["--phases", run.phases.join(",")] : []),
    ...(run.reportDir ? ["--report", "ndjson", "--report-dir", run.reportDir] : []),
  ];
  return new Promise((resolve) => {
    execFile(
      SCHEMATHESIS,
      ["--no-color", ...(run.configFile ? ["--config-file", run.configFile] : []), ...args],
      // its own folder (the fuzzer keeps a cache where it runs): the run's TMPDIR, not the checkout
      { maxBuffer: 64 * 1024 * 1024, cwd: os.tmpdir() },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          output: `${stdout}${stderr}`,
        }),
    );
  });
}
