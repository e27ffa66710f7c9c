// A short, bounded run of the property-based API fuzzer (schemathesis) over every operation of the
// published document, signed in with a session and with an API key: no 5xx, and every answer one the
// document describes. The long run is bench/security/api-fuzz.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchemathesis } from "./api-fuzz.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

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
    for (const header of [`cookie: ${cookie}`, `authorization: Bearer ${made.body.secret}`]) {
      // the time cap bounds the run on a slow machine; the seed makes it the same run each time
      const run = await runSchemathesis({
        baseUrl: ts.baseUrl,
        header,
        maxExamples: 5,
        maxSeconds: 20,
        seed: 1,
      });
      expect(run.code, run.output).toBe(0);
    }
  }, 240_000);
});
