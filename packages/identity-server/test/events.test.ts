// SDK telemetry cannot be used to fill the disk (issue: ~200 KB stored per call, no token needed).
import { afterEach, describe, expect, it } from "vitest";
import { identitySchema } from "../src/index.ts";
import { type Harness, PROJECT, startHarness } from "./harness.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const event = (publicToken: string | undefined, extra: Record<string, unknown> = {}) => ({
  telemetry: { sdk: "vanilla-js" },
  event: { public_token: publicToken, event_name: "render_login_screen", ...extra },
});
const post = async (body: unknown) => {
  const res = await h.app.inject({
    method: "POST",
    url: "/sdk/v1/events",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
};
const stored = async () => (await h.db.select().from(identitySchema.identityEvents)).length;

describe("telemetry events", () => {
  it("needs the project's public token in every event", async () => {
    h = await startHarness();
    expect((await post([event(undefined)])).status).toBe(401);
    expect((await post([event("public-token-test-someone-else")])).status).toBe(401);
    expect((await post([event(PROJECT.publicToken)])).status).toBe(200);
    expect(await stored()).toBe(1);
  });

  it("refuses large events and large bodies", async () => {
    h = await startHarness();
    const big = event(PROJECT.publicToken, { blob: "x".repeat(3000) });
    expect((await post([big])).json.error_type).toBe("payload_too_large");
    const many = Array.from({ length: 60 }, () => event(PROJECT.publicToken, { blob: "x".repeat(1500) }));
    expect((await post(many)).status).toBe(413);
    expect(await stored()).toBe(0);
  });

  it("stores nothing past the project's ceiling", async () => {
    h = await startHarness({ settings: { maxStoredEvents: 3 } });
    expect((await post([event(PROJECT.publicToken), event(PROJECT.publicToken)])).json.data.stored).toBe(2);
    expect((await post([event(PROJECT.publicToken), event(PROJECT.publicToken)])).json.data.stored).toBe(0);
    expect(await stored()).toBe(2);
  });
});
