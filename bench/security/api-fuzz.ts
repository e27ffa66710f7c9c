// The long run of the property-based API fuzzer (schemathesis, the `apifuzz` Python environment) over
// every operation of /api/openapi.json of a real server process: all the checks that apply, signed in
// with a session and with an API key, in embedded mode and (with `scale-out`) on PostgreSQL; then as a
// member of a shared workspace with each role (viewer, reviewer, editor, admin), its requests naming that
// workspace and its project, and what the owner reads of the workspace compared before and after: a change
// the role may not make is a failure (apps/server/test/fuzz-roles.ts). Prints per run the operations
// tested, the requests sent, the failures by check, the 5xx count and the time; any failure's report follows. `make test` runs a short, bounded run of the same (apps/server/test/api-fuzz.test.ts).
// Usage: node bench/security/api-fuzz.ts [max examples per operation=100] [seconds per run=600] [seed=7] [scale-out]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../../apps/server/src/auth/sessions.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { FUZZ_CHECKS, runSchemathesis } from "../../apps/server/test/api-fuzz.ts";
import {
  changedBeyond,
  FUZZ_ROLES,
  ROLE_RUN_EXCLUDED,
  ROLE_RUN_PATHS,
  readWorkspace,
  seedRoleWorkspace,
  writeRoleFuzzConfig,
} from "../../apps/server/test/fuzz-roles.ts";
import { benchUsers, startBenchPostgres, startBenchServer } from "../service/server.ts";

const maxExamples = Number(process.argv[2] ?? 100);
const maxSeconds = Number(process.argv[3] ?? 600);
const seed = Number(process.argv[4] ?? 7);
const modes = process.argv.includes("scale-out") ? ["embedded", "scale-out"] : ["embedded"];
// every check that judges one answer against the document; the stateful ones need links the document lacks
const checks = [
  ...FUZZ_CHECKS,
  "negative_data_rejection",
  "positive_data_acceptance",
  "missing_required_header",
  "unsupported_method",
  "ignored_auth",
];
const line = (label: string, value: string | number) => console.log(`${label.padEnd(34)} ${value}`);

/** The figures of schemathesis's closing summary. */
function figures(output: string) {
  const failures = [...output.matchAll(/❌ (ST\d+ [^:\n]+): (\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
  return {
    operations: /Tested: (\d+)/.exec(output)?.[1] ?? "?",
    selected: /Selected: (\d+\/\d+)/.exec(output)?.[1] ?? "?",
    testCases: /(\d+) generated/.exec(output)?.[1] ?? "?",
    failures: failures.length ? failures.join("; ") : "none",
    serverErrors: failures
      .filter((f) => /server error/i.test(f))
      .reduce((n, f) => n + Number(f.split(" ").pop()), 0),
  };
}

/** Before the server starts: a workspace per role, its owner and the member who fuzzes it, signed in. */
async function seedRoles(dir: string, url?: string) {
  const database = await openDatabase({ dataDir: dir, url });
  const signIn = async (email: string) => {
    const user = await findOrCreateUser(database.db, email);
    return { id: user.id, cookie: `${SESSION_COOKIE}=${await createSession(database.db, user.id)}` };
  };
  const owner = await signIn("fuzz-owner@example.com");
  const members = [];
  for (const role of FUZZ_ROLES) {
    const member = await signIn(`fuzz-${role}@example.com`);
    members.push({
      role,
      cookie: member.cookie,
      target: await seedRoleWorkspace(database.db, owner.id, member.id, role),
    });
  }
  await database.close();
  return { owner: owner.cookie, members };
}

function report(title: string, run: { code: number; output: string }, seconds: number) {
  const f = figures(run.output);
  console.log(`\n${title}`);
  line("operations tested (selected)", `${f.operations} (${f.selected})`);
  line("requests sent (test cases)", f.testCases);
  line("failures by check", f.failures);
  line("5xx answers", f.serverErrors);
  line("time", `${seconds.toFixed(0)} s`);
  if (run.code !== 0) console.log(run.output.slice(run.output.indexOf("FAILURES")));
}

for (const mode of modes) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-apifuzz-"));
  const pg = mode === "scale-out" ? startBenchPostgres() : null;
  const env: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
  const [cookie] = await benchUsers(dir, ["fuzz@example.com"], pg?.url);
  const roles = await seedRoles(dir, pg?.url);
  const server = await startBenchServer(dir, env);
  try {
    const made = await fetch(`${server.base}/api/account/keys`, {
      method: "POST",
      headers: { cookie: cookie!, "content-type": "application/json" },
      body: JSON.stringify({ name: "fuzz", scope: "read+write" }),
    });
    const { secret } = (await made.json()) as { secret: string };
    for (const [auth, header] of [
      ["session", `cookie: ${cookie}`],
      ["API key", `authorization: Bearer ${secret}`],
    ] as const) {
      const started = performance.now();
      const run = await runSchemathesis({
        baseUrl: server.base,
        header,
        maxExamples,
        maxSeconds,
        seed,
        checks,
      });
      const seconds = (performance.now() - started) / 1000;
      report(`${mode}, ${auth}: max ${maxExamples} examples per operation, seed ${seed}`, run, seconds);
    }
    // one role after another, each in its own workspace
    for (const { role, cookie: memberCookie, target } of roles.members) {
      const before = await readWorkspace(server.base, roles.owner, target);
      const started = performance.now();
      const run = await runSchemathesis({
        baseUrl: server.base,
        header: `cookie: ${memberCookie}`,
        maxExamples,
        maxSeconds,
        seed,
        checks,
        configFile: await writeRoleFuzzConfig(dir, target),
        exclude: Object.keys(ROLE_RUN_EXCLUDED),
        includePath: ROLE_RUN_PATHS,
      });
      const seconds = (performance.now() - started) / 1000;
      report(
        `${mode}, a member of a shared workspace as ${role}: max ${maxExamples} examples, seed ${seed}`,
        run,
        seconds,
      );
      const changed = changedBeyond(role, before, await readWorkspace(server.base, roles.owner, target));
      line("changed beyond the role", changed.length ? changed.join("; ") : "nothing");
    }
  } finally {
    server.stop();
    pg?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
