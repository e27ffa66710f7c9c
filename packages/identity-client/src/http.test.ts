// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import { CLIENT_VERSION, PROVIDER_NAME } from "./constants.ts";
import {
  APIError,
  APISchemaError,
  APIUnreachableError,
  CaptchaRequiredError,
  ERROR_CODES,
  FALLBACK_MESSAGES,
  MESSAGES,
} from "./errors.ts";
import { type CaptchaProvider, HttpCore, readResponse } from "./http.ts";
import { createTelemetryBlob } from "./telemetry.ts";
import { apiErrorResponse, jsonResponse, okResponse, scriptedFetch, textResponse } from "./testing.ts";

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("readResponse (§8 error classes)", () => {
  it("returns the envelope's data on 2xx", async () => {
    expect(await readResponse(okResponse({ a: 1 }))).toEqual({
      request_id: "request-id-test",
      status_code: 200,
      a: 1,
    });
  });

  it("invalid JSON on 2xx → 'Invalid JSON response from the identity servers.'", async () => {
    const err = await caught(readResponse(new Response("{nope", { status: 200 })));
    expect(err).toBeInstanceOf(APIUnreachableError);
    expect((err as Error).message).toBe(`Invalid JSON response from the ${PROVIDER_NAME} servers.`);
    expect((err as APIUnreachableError).code).toBe(ERROR_CODES.apiUnreachable);
  });

  it("2xx without a data object → 'Invalid or no response from server'", async () => {
    const err = await caught(readResponse(jsonResponse(200, { nodata: true })));
    expect((err as Error).message).toBe("Invalid or no response from server");
  });

  it("non-2xx unparseable JSON → 'Invalid or no response from server'", async () => {
    const resp = new Response("{", { status: 500, headers: { "content-type": "application/json" } });
    const err = await caught(readResponse(resp));
    expect(err).toBeInstanceOf(APIUnreachableError);
    expect((err as Error).message).toBe(MESSAGES.noResponse);
  });

  it.each(["body", "params", "query"])("non-2xx JSON with %s → schema error", async (key) => {
    const resp = jsonResponse(400, { [key]: [{ dataPath: ".email", message: "should be string" }] });
    const err = await caught(readResponse(resp));
    expect(err).toBeInstanceOf(APISchemaError);
    expect((err as APISchemaError).code).toBe(ERROR_CODES.apiSchema);
    if (key === "body") expect((err as Error).message).toContain(".email: should be string");
  });

  it("any other non-2xx JSON → API error carrying error_type", async () => {
    const err = await caught(
      readResponse(apiErrorResponse(404, "session_not_found", "Session could not be found.")),
    );
    expect(err).toBeInstanceOf(APIError);
    const e = err as APIError;
    expect(e.code).toBe(ERROR_CODES.api);
    expect(e.error_type).toBe("session_not_found");
    expect(e.error_message).toBe("Session could not be found.");
    expect(e.status_code).toBe(404);
    expect(e.request_id).toBe("request-id-test");
    expect(e.message).toContain("[404] session_not_found");
  });

  it("plain text → 'Invalid response from the identity servers.'", async () => {
    const err = await caught(readResponse(textResponse(502, "Bad gateway")));
    expect(err).toBeInstanceOf(APIUnreachableError);
    expect((err as Error).message).toBe(`Invalid response from the ${PROVIDER_NAME} servers.`);
  });

  it("plain text containing 'Captcha required' → CaptchaRequiredError", async () => {
    const err = await caught(readResponse(textResponse(403, "Error: Captcha required")));
    expect(err).toBeInstanceOf(CaptchaRequiredError);
    expect((err as CaptchaRequiredError).code).toBe(ERROR_CODES.captchaRequired);
  });
});

function core(
  routes: Parameters<typeof scriptedFetch>[0],
  extra: Partial<ConstructorParameters<typeof HttpCore>[0]> = {},
) {
  const scripted = scriptedFetch(routes);
  const http = new HttpCore({
    publicToken: "public-token-test-1",
    baseUrl: "https://id.example.com/",
    fetch: scripted.fetch,
    getSessionToken: () => undefined,
    telemetry: () =>
      createTelemetryBlob({
        eventId: "event-id-1",
        appSessionId: "app-1",
        persistentId: "p-1",
        now: 0,
        timezone: "UTC",
        hostname: "app.example.com",
      }),
    parentHost: "https://app.example.com",
    ...extra,
  });
  return { http, calls: scripted.calls };
}

describe("HttpCore", () => {
  it("sends JSON to {baseUrl}/sdk/v1 with Basic auth and telemetry headers", async () => {
    const { http, calls } = core({ "POST /x": () => okResponse({ ok: true }) });
    await http.request({ method: "POST", path: "/x", body: { a: 1, skip: undefined }, errorMessage: "m" });
    const req = calls[0]!;
    expect(req.url).toBe("https://id.example.com/sdk/v1/x");
    expect(req.body).toEqual({ a: 1 });
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers.authorization).toBe(`Basic ${btoa("public-token-test-1:public-token-test-1")}`);
    expect(req.headers["x-sdk-parent-host"]).toBe("https://app.example.com");
    const blob = JSON.parse(atob(req.headers["x-sdk-client"]!));
    expect(blob.sdk.version).toBe(CLIENT_VERSION);
    expect(blob.app.identifier).toBe("app.example.com");
    expect(blob.event_id).toBe("event-id-1");
  });

  it("uses the session token as the Basic auth secret when logged in", async () => {
    const { http, calls } = core(
      { "GET /users/me": () => okResponse() },
      { getSessionToken: () => "tok-123" },
    );
    await http.request({ method: "GET", path: "/users/me", errorMessage: "m" });
    expect(calls[0]!.headers.authorization).toBe(`Basic ${btoa("public-token-test-1:tok-123")}`);
    expect(calls[0]!.body).toBeUndefined();
  });

  it("network failure → 'Unable to contact the identity servers. Are you online?' with the call's fallback", async () => {
    const http = new HttpCore({
      publicToken: "public-token-test-1",
      baseUrl: "https://id.example.com",
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
      getSessionToken: () => undefined,
      telemetry: () => ({}) as never,
    });
    const err = await caught(
      http.request({ method: "POST", path: "/x", errorMessage: FALLBACK_MESSAGES.magicLinkSend }),
    );
    expect(err).toBeInstanceOf(APIUnreachableError);
    expect((err as Error).message).toBe("Unable to contact the identity servers. Are you online?");
    expect((err as APIUnreachableError).callMessage).toBe("Failed to send magic link");
  });

  it("lets an abort through untouched", async () => {
    const abort = new DOMException("aborted", "AbortError");
    const http = new HttpCore({
      publicToken: "p",
      baseUrl: "https://id.example.com",
      fetch: () => Promise.reject(abort),
      getSessionToken: () => undefined,
      telemetry: () => ({}) as never,
    });
    expect(await caught(http.request({ method: "GET", path: "/x", errorMessage: "m" }))).toBe(abort);
  });

  it("attaches the per-call fallback message to API errors", async () => {
    const { http } = core({ "POST /x": () => apiErrorResponse(400, "invalid_email") });
    const err = (await caught(
      http.request({ method: "POST", path: "/x", errorMessage: FALLBACK_MESSAGES.otpSend }),
    )) as APIError;
    expect(err.callMessage).toBe("Failed to send one time passcode");
  });
});

describe("captcha retry", () => {
  const provider = (): CaptchaProvider & { calls: string[] } => {
    const calls: string[] = [];
    return {
      calls,
      executeCaptcha: async (action) => {
        calls.push(action);
        return `captcha-${calls.length}`;
      },
      getTelemetryId: async () => "dfp-1",
    };
  };

  it("retries once with captcha_token and dfp_telemetry_id (action LOGIN) after 'Captcha required'", async () => {
    const captcha = provider();
    const { http, calls } = core(
      {
        "POST /otps/authenticate": [() => textResponse(403, "Captcha required"), () => okResponse({ ok: 1 })],
      },
      { captcha },
    );
    const data = await http.request<{ ok: number }>({
      method: "POST",
      path: "/otps/authenticate",
      body: { token: "123456" },
      errorMessage: "m",
      captcha: true,
    });
    expect(data.ok).toBe(1);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body).toEqual({ token: "123456" });
    expect(calls[1]!.body).toEqual({
      token: "123456",
      captcha_token: "captcha-1",
      dfp_telemetry_id: "dfp-1",
    });
    expect(captcha.calls).toEqual(["LOGIN"]);
  });

  it("retries only once", async () => {
    const { http, calls } = core(
      { "POST /x": () => textResponse(403, "Captcha required") },
      { captcha: provider() },
    );
    const err = await caught(
      http.request({ method: "POST", path: "/x", body: {}, errorMessage: "m", captcha: true }),
    );
    expect(err).toBeInstanceOf(CaptchaRequiredError);
    expect(calls).toHaveLength(2);
  });

  it("does not retry without a captcha provider, nor for calls that are not captcha-protected", async () => {
    const a = core({ "POST /x": () => textResponse(403, "Captcha required") });
    expect(
      await caught(
        a.http.request({ method: "POST", path: "/x", body: {}, errorMessage: "m", captcha: true }),
      ),
    ).toBeInstanceOf(CaptchaRequiredError);
    expect(a.calls).toHaveLength(1);
    const b = core({ "POST /x": () => textResponse(403, "Captcha required") }, { captcha: provider() });
    await caught(b.http.request({ method: "POST", path: "/x", body: {}, errorMessage: "m" }));
    expect(b.calls).toHaveLength(1);
  });

  it("adds the captcha up front when the project enforces captcha", async () => {
    const captchaUpfront = vi.fn(async () => true);
    const { http, calls } = core({ "POST /x": () => okResponse() }, { captcha: provider(), captchaUpfront });
    await http.request({ method: "POST", path: "/x", body: { a: 1 }, errorMessage: "m", captcha: true });
    expect(calls[0]!.body).toEqual({ a: 1, captcha_token: "captcha-1", dfp_telemetry_id: "dfp-1" });
  });
});

describe("events transport", () => {
  it("POSTs the batch as a JSON array to /sdk/v1/events", async () => {
    const { http, calls } = core({ "POST /events": () => new Response(null, { status: 200 }) });
    await http.sendEvents([{ telemetry: {} as never, event: { public_token: "p", event_name: "e" } }]);
    expect(calls[0]!.url).toBe("https://id.example.com/sdk/v1/events");
    expect(calls[0]!.body).toEqual([{ telemetry: {}, event: { public_token: "p", event_name: "e" } }]);
  });
});
