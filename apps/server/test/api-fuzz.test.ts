// A short, bounded run of the property-based API fuzzer (schemathesis) over every operation of the
// published document, signed in with a session and with an API key: no 5xx, and every answer one the
// document describes; then as a member of a shared workspace with each role, its requests naming that
// workspace and its project, and nothing changed there that the role may not change (fuzz-roles.ts). The
// long run is bench/security/api-fuzz.ts.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchemathesis } from "./api-fuzz.ts";
import { tempFolder } from "./fixtures.ts";
import {
  changedBeyond,
  FUZZ_ROLES,
  ROLE_RUN_EXCLUDED,
  ROLE_RUN_PATHS,
  readWorkspace,
  seedRoleWorkspace,
  writeRoleFuzzConfig,
} from "./fuzz-roles.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

const tmp = tempFolder("api-fuzz-");

// The routes and their validation are the same in both modes: the embedded server is enough here.
describe("the API under a fuzzer (embedded)", () => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer("embedded");
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("answers every generated request, with a session and with an API key, as its document says", async () => {
    const { cookie } = await ts.signIn();
    const made = await api(ts.baseUrl, cookie, "POST", "/api/account/keys", {
      name: "fuzz",
      scope: "read+write",
    });
    expect(made.status).toBe(201);
    // the two at once; the time cap bounds each run on a slow machine; the seed makes it the same run each time
    const runs = await Promise.all(
      [`cookie: ${cookie}`, `authorization: Bearer ${made.body.secret}`].map((header) =>
        runSchemathesis({ baseUrl: ts.baseUrl, header, maxExamples: 5, maxSeconds: 20, seed: 1 }),
      ),
    );
    for (const run of runs) expect(run.code, run.output).toBe(0);
  }, 240_000);

  it("as a member of a shared workspace with each role: no 5xx, and nothing changed the role may not change", async () => {
    const db = ts.server.database.db;
    const owner = await ts.signIn();
    // a workspace per role, each with a project and its translation: the four runs at once, each judged
    // on its own workspace
    const runs = await Promise.all(
      FUZZ_ROLES.map(async (role) => {
        const member = await ts.signIn();
        const target = await seedRoleWorkspace(db, owner.userId, member.userId, role);
        const dir = path.join(tmp.path, role);
        await mkdir(dir);
        const before = await readWorkspace(ts.baseUrl, owner.cookie, target);
        const run = await runSchemathesis({
          baseUrl: ts.baseUrl,
          header: `cookie: ${member.cookie}`,
          maxExamples: 2,
          maxSeconds: 10,
          seed: 1,
          configFile: await writeRoleFuzzConfig(dir, target),
          exclude: Object.keys(ROLE_RUN_EXCLUDED),
          includePath: ROLE_RUN_PATHS,
          phases: ["examples", "fuzzing"],
        });
        const after = await readWorkspace(ts.baseUrl, owner.cookie, target);
        return { role, run, changed: changedBeyond(role, before, after) };
      }),
    );
    for (const { role, run, changed } of runs) {
      expect(run.code, `${role}: ${run.output}`).toBe(0);
      expect(changed, role).toEqual([]);
    }
  }, 240_000);
});
