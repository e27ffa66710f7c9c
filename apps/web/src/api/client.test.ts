import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, toApiError } from "./client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("returns the JSON body and sends cookies", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await expect(apiFetch("/api/x")).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledWith("/api/x", { credentials: "include" });
  });
  it("turns an error body into an ApiError with code, message and details", async () => {
    const body = {
      error: { code: "validation_failed", message: "Bad", details: [{ path: "title", message: "x" }] },
    };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status: 400 }));
    const error = await apiFetch("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: "Bad" });
    expect((error as ApiError).details).toEqual([{ path: "title", message: "x" }]);
  });
  it("accepts an empty 204 answer and survives a non-JSON error page", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
    await expect(apiFetch("/api/x")).resolves.toBeNull();
    vi.stubGlobal("fetch", async () => new Response("<html>", { status: 502, statusText: "Bad Gateway" }));
    await expect(apiFetch("/api/x")).rejects.toMatchObject({
      status: 502,
      code: "http_error",
      message: "Bad Gateway",
    });
  });
});

describe("toApiError", () => {
  it("falls back to the status when there is no text", () => {
    expect(toApiError(500, "", null).message).toBe("HTTP 500");
  });
});
