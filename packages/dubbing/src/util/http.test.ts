import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeServer, sendJson, startFakeServer } from "../testing/fake-server.ts";
import { abortAfter, expectAborted, sendSlowly } from "../testing/providers.ts";
import {
  apiUrl,
  providerBytes,
  providerFetch,
  providerJson,
  providerMessage,
  redact,
  retryDelayMs,
} from "./http.ts";

describe("providerMessage", () => {
  it("finds the provider's message in the usual error shapes", () => {
    expect(providerMessage('{"error":{"message":"Invalid key","type":"auth"}}')).toBe("Invalid key");
    expect(providerMessage('{"message":"Quota exceeded"}')).toBe("Quota exceeded");
    expect(providerMessage('{"err_msg":"bad audio"}')).toBe("bad audio");
    expect(providerMessage('{"detail":{"status":"x","message":"voice not found"}}')).toBe("voice not found");
    expect(providerMessage('{"detail":"Field required: files"}')).toBe("Field required: files");
    expect(providerMessage("  plain\n text ")).toBe("plain text");
  });
});

describe("retryDelayMs", () => {
  it("retries rate limits and busy answers a few times, after Retry-After or 1, 2, 4 s", () => {
    expect(retryDelayMs(429, null, 0, 3)).toBe(1000);
    expect(retryDelayMs(503, null, 2, 3)).toBe(4000);
    expect(retryDelayMs(429, "7", 0, 3)).toBe(7000);
    expect(retryDelayMs(429, "600", 0, 3)).toBe(20_000);
    expect(retryDelayMs(429, "Wed, 21 Oct 2026 07:28:00 GMT", 1, 3)).toBe(2000);
    expect(retryDelayMs(429, null, 3, 3)).toBeNull();
    expect(retryDelayMs(401, null, 0, 3)).toBeNull();
    expect(retryDelayMs(500, null, 0, 3)).toBeNull();
  });
});

describe("redact", () => {
  it("hides the request's credentials if a provider echoes them", () => {
    const headers = { Authorization: "Bearer sk-test-1234567890", "Content-Type": "application/json" };
    expect(redact("Incorrect API key provided: sk-test-1234567890.", headers)).toBe(
      "Incorrect API key provided: [redacted].",
    );
    expect(redact("bad content type application/json", headers)).toBe("bad content type [redacted]");
    expect(redact("nothing to hide", undefined)).toBe("nothing to hide");
  });
});

describe("apiUrl", () => {
  it("takes the API's origin or a base already ending in the version, with or without a slash", () => {
    for (const base of ["https://api.openai.com", "https://api.openai.com/", "https://api.openai.com/v1/"])
      expect(apiUrl(base, "/v1/audio/speech")).toBe("https://api.openai.com/v1/audio/speech");
    expect(apiUrl("http://127.0.0.1:8880/proxy", "/v1/chat/completions")).toBe(
      "http://127.0.0.1:8880/proxy/v1/chat/completions",
    );
  });
});

describe("providerFetch (real HTTP)", () => {
  let s: FakeServer;
  let busy = 0;
  beforeAll(async () => {
    s = await startFakeServer(async (req, res) => {
      if (req.path === "/ok") return sendJson(res, 200, { fine: true });
      if (req.path === "/busy") {
        busy++;
        return busy % 3 === 0
          ? sendJson(res, 200, { after: busy })
          : sendJson(res, 429, { message: "slow down" });
      }
      if (req.path === "/echo")
        return sendJson(res, 401, {
          error: { message: `Incorrect API key provided: ${req.headers["x-key"]}` },
        });
      if (req.path === "/slow") {
        await new Promise((r) => setTimeout(r, 2000));
        return sendJson(res, 200, {});
      }
      if (req.path === "/half") return sendSlowly(res, Buffer.from(`[${"1,".repeat(1000)}1]`), 300);
      if (req.path === "/cut") {
        res.writeHead(200).write("[1,");
        setTimeout(() => res.destroy(), 50);
        return;
      }
      if (req.path === "/text") {
        res.writeHead(200).end("<html>");
        return;
      }
      sendJson(res, 401, { error: { message: "Access denied due to invalid subscription key." } });
    });
  });
  afterAll(() => s.close());

  it("returns 2xx answers and records the request", async () => {
    const res = await providerFetch(`${s.url}/ok?x=1`, { method: "POST", body: "hi" }, { provider: "P" });
    expect(await res.json()).toEqual({ fine: true });
    expect(s.requests.at(-1)?.query.get("x")).toBe("1");
    expect(s.requests.at(-1)?.body.toString()).toBe("hi");
  });
  it("turns an error status into engine_failed with the provider's message", async () => {
    await expect(providerFetch(`${s.url}/no`, {}, { provider: "Azure Speech" })).rejects.toMatchObject({
      code: "engine_failed",
      message: "Azure Speech answered 401: Access denied due to invalid subscription key.",
    });
  });
  it("asks again after a rate limit, and gives up after the retries", async () => {
    busy = 0;
    const res = await providerFetch(`${s.url}/busy`, { method: "POST", body: "x" }, { provider: "P" });
    expect(await res.json()).toEqual({ after: 3 });
    expect(s.requests.filter((r) => r.path === "/busy").map((r) => r.body.toString())).toEqual([
      "x",
      "x",
      "x",
    ]);
    busy = 0;
    await expect(providerFetch(`${s.url}/busy`, {}, { provider: "P", retries: 1 })).rejects.toMatchObject({
      code: "engine_failed",
      message: "P answered 429: slow down",
    });
  });
  it("never passes on the key a provider echoes", async () => {
    const err = await providerFetch(
      `${s.url}/echo`,
      { headers: { "x-key": "secret-key-42" } },
      { provider: "P" },
    ).catch((e: Error) => e);
    expect(String(err)).toContain("Incorrect API key provided: [redacted]");
    expect(String(err)).not.toContain("secret-key-42");
  });
  it("times out, aborts, and reports an unreachable host", async () => {
    await expect(providerFetch(`${s.url}/slow`, {}, { provider: "P", timeoutMs: 100 })).rejects.toMatchObject(
      {
        code: "engine_failed",
        message: "P did not answer in time",
      },
    );
    const c = new AbortController();
    setTimeout(() => c.abort(), 50);
    await expect(
      providerFetch(`${s.url}/slow`, {}, { provider: "P", signal: c.signal }),
    ).rejects.toMatchObject({
      code: "aborted",
    });
    await expect(providerFetch("http://127.0.0.1:1/", {}, { provider: "P" })).rejects.toMatchObject({
      code: "engine_failed",
      message: expect.stringMatching(/^cannot reach P/),
    });
  });

  it("reads the answer's body, failing like the request when it stops or breaks midway", async () => {
    const call = { provider: "P" };
    expect(await providerJson(await providerFetch(`${s.url}/ok`, {}, call), call)).toEqual({ fine: true });
    const bytes = await providerBytes(await providerFetch(`${s.url}/half`, {}, call), call);
    expect(bytes.length).toBe(2003);

    const stopped = { provider: "P", signal: abortAfter(100) };
    await expectAborted(
      providerFetch(`${s.url}/half`, {}, stopped).then((res) => providerBytes(res, stopped)),
    );
    await expect(
      providerFetch(`${s.url}/cut`, {}, call).then((res) => providerJson(res, call)),
    ).rejects.toMatchObject({
      code: "engine_failed",
      message: expect.stringMatching(/^P answer was cut off: /),
    });
  });
  it("reads a body that is not JSON as res.json() does, or as null when asked", async () => {
    const call = { provider: "P" };
    await expect(
      providerFetch(`${s.url}/text`, {}, call).then((res) => providerJson(res, call)),
    ).rejects.toThrow(SyntaxError);
    const res = await providerFetch(`${s.url}/text`, {}, call);
    expect(await providerJson(res, call, { notJson: null })).toBeNull();
  });
});
