// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "./clock.ts";
import { CLIENT_VERSION, EVENT_BATCH_MAX, EVENT_FLUSH_INTERVAL_MS } from "./constants.ts";
import { EMAIL_SENT_TYPES } from "./events.ts";
import { type BatchedEvent, createTelemetryBlob, EventBatcher, uuidv4 } from "./telemetry.ts";
import { testClient } from "./testing.ts";

const item = (n: number): BatchedEvent => ({
  telemetry: {} as BatchedEvent["telemetry"],
  event: { public_token: "p", event_name: `e${n}` },
});

describe("EventBatcher (15 events per batch, flushed every 800 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the §9 figures", () => {
    expect(EVENT_BATCH_MAX).toBe(15);
    expect(EVENT_FLUSH_INTERVAL_MS).toBe(800);
  });

  it("sends queued events 800 ms after the first one, not before", async () => {
    const sent: BatchedEvent[][] = [];
    const b = new EventBatcher({ send: async (x) => void sent.push(x), clock: systemClock });
    for (let i = 0; i < 14; i++) b.add(item(i));
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => e.event.event_name)).toEqual(Array.from({ length: 14 }, (_, i) => `e${i}`));
  });

  it("sends a full batch of 15 at once", async () => {
    const sent: BatchedEvent[][] = [];
    const b = new EventBatcher({ send: async (x) => void sent.push(x), clock: systemClock });
    for (let i = 0; i < 15; i++) b.add(item(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((x) => x.length)).toEqual([15]);
    expect(b.pending).toBe(0);
  });

  it("never puts more than 15 events in a batch", async () => {
    const sent: BatchedEvent[][] = [];
    const b = new EventBatcher({ send: async (x) => void sent.push(x), clock: systemClock });
    for (let i = 0; i < 31; i++) b.add(item(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((x) => x.length)).toEqual([15, 15]);
    await vi.advanceTimersByTimeAsync(800);
    expect(sent.map((x) => x.length)).toEqual([15, 15, 1]);
    await b.flush();
    expect(sent).toHaveLength(3);
  });

  it("starts a new 800 ms window for events after a flush", async () => {
    const sent: BatchedEvent[][] = [];
    const b = new EventBatcher({ send: async (x) => void sent.push(x), clock: systemClock });
    b.add(item(1));
    await vi.advanceTimersByTimeAsync(800);
    b.add(item(2));
    await vi.advanceTimersByTimeAsync(400);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(sent).toHaveLength(2);
  });

  it("swallows sending failures", async () => {
    const b = new EventBatcher({ send: () => Promise.reject(new Error("offline")), clock: systemClock });
    b.add(item(1));
    await expect(b.flush()).resolves.toBeUndefined();
  });
});

describe("telemetry blob", () => {
  it("carries ids, time, host and the client version", () => {
    const blob = createTelemetryBlob({
      eventId: "event-id-1",
      appSessionId: "app-session-id-1",
      persistentId: "persistent-id-1",
      now: Date.parse("2030-01-01T00:00:00Z"),
      timezone: "Europe/Berlin",
      hostname: "app.example.com",
      userId: "user-1",
      sessionId: "session-1",
    });
    expect(blob).toEqual({
      event_id: "event-id-1",
      app_session_id: "app-session-id-1",
      persistent_id: "persistent-id-1",
      client_sent_at: "2030-01-01T00:00:00.000Z",
      timezone: "Europe/Berlin",
      stytch_user_id: "user-1",
      stytch_session_id: "session-1",
      app: { identifier: "app.example.com" },
      sdk: { identifier: "@dubbing/identity-client", version: CLIENT_VERSION },
    });
    expect(CLIENT_VERSION).toBe("4.18.2");
  });

  it("makes RFC 4122 v4 UUIDs", () => {
    expect(uuidv4(new Uint8Array(16))).toBe("00000000-0000-4000-8000-000000000000");
    expect(uuidv4(new Uint8Array(16).fill(255))).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });
});

describe("events API (§7 events logged)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("batches email_sent, email_try_again_clicked, render_login_screen and the passkey skip to POST /events", async () => {
    const { client, calls } = testClient({
      routes: { "POST /events": () => new Response(null, { status: 200 }) },
    });
    client.events.emailSent({ email: "a@example.com", type: EMAIL_SENT_TYPES.loginOrCreateEML });
    client.events.emailTryAgainClicked({ email: "a@example.com", type: EMAIL_SENT_TYPES.loginOrCreateOTP });
    client.events.renderLoginScreen({ products: ["emailMagicLinks"] });
    client.events.passkeySkip();
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.route).toBe("POST /sdk/v1/events");
    const batch = calls[0]!.body as unknown as BatchedEvent[];
    expect(batch.map((b) => b.event.event_name)).toEqual([
      "email_sent",
      "email_try_again_clicked",
      "render_login_screen",
      "passkey_skip",
    ]);
    expect(batch[0]!.event).toEqual({
      public_token: "public-token-test-0000",
      event_name: "email_sent",
      details: { email: "a@example.com", type: "login_or_create_eml" },
    });
    expect(batch[1]!.event.details).toEqual({ email: "a@example.com", type: "login_or_create_otp" });
    expect(batch[2]!.event.details).toEqual({ options: { products: ["emailMagicLinks"] } });
    expect(batch[0]!.telemetry.sdk.version).toBe("4.18.2");
    // One persistent id for the browser, a fresh event id per event.
    expect(batch[0]!.telemetry.persistent_id).toBe(batch[1]!.telemetry.persistent_id);
    expect(batch[0]!.telemetry.event_id).not.toBe(batch[1]!.telemetry.event_id);
    client.destroy();
  });
});
