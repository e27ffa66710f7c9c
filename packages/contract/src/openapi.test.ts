import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_STATUS } from "./errors.ts";
import { errorCodesOf, openApiDocument, openApiPath } from "./openapi.ts";
import { OPERATIONS, type Operation, operationKey } from "./operations.ts";

// biome-ignore lint/suspicious/noExplicitAny: reading the generated JSON by OpenAPI's paths
type Json = Record<string, any>;
const doc = openApiDocument() as Json;
const op = (path: string, method: string): Json => doc.paths[path][method];

describe("the OpenAPI document made from the operations table", () => {
  it("writes Fastify's :params as OpenAPI's {params}", () => {
    expect(openApiPath("/api/video/:id/dubs/:language/audio.wav")).toBe(
      "/api/video/{id}/dubs/{language}/audio.wav",
    );
    expect(
      op("/api/video/{id}/dubs/{language}/audio.wav", "get").parameters.map((p: Json) => p.name),
    ).toEqual(["id", "language"]);
  });

  it("lists each operation once, every one with a success answer", () => {
    expect(new Set(OPERATIONS.map(operationKey)).size).toBe(OPERATIONS.length);
    for (const o of OPERATIONS)
      expect(
        Object.keys(o.responses).some((s) => Number(s) < 400),
        operationKey(o),
      ).toBe(true);
  });

  it("adds the errors an operation's access and body imply", () => {
    const base = { path: "/api/x", summary: "", tag: "", responses: { 200: { description: "" } } };
    const publicGet: Operation = { ...base, method: "GET", access: "public" };
    expect(errorCodesOf(publicGet)).toEqual([]);
    const signedInPost: Operation = {
      ...base,
      method: "POST",
      access: "signed-in",
      body: z.object({}),
    };
    expect(errorCodesOf(signedInPost).sort()).toEqual([
      "bad_request",
      "forbidden",
      "unauthorized",
      "validation_failed",
    ]);
    expect(errorCodesOf({ ...publicGet, path: "/api/x/:id" })).toEqual(["not_found"]);
  });

  it("answers each error status with the codes of that status only", () => {
    const responses = op("/api/video/{id}/translate", "post").responses;
    for (const status of ["400", "401", "402", "403", "404", "409", "422"]) {
      const codes: string[] =
        responses[status].content["application/json"].schema.properties.error.properties.code.enum;
      expect(codes.length, status).toBeGreaterThan(0);
      for (const code of codes)
        expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], code).toBe(Number(status));
    }
    expect(responses.default).toBeDefined();
  });

  it("says which bodies may be left out and which access each operation has", () => {
    expect(op("/api/storyboard/{id}/generate-video", "post").requestBody.required).toBe(false);
    expect(op("/api/video/{id}/translate", "post").requestBody.required).toBe(true);
    expect(op("/api/account/keys", "post").security).toEqual([{ session: [] }]);
    expect(op("/api/account/keys", "post")["x-access"]).toBe("session-only");
    expect(op("/api/blog", "get").security).toEqual([]);
  });

  it("describes answers as sent: an object has no fields beyond the contract's", () => {
    const project = op("/api/video/{id}", "get").responses["200"].content["application/json"].schema;
    expect(project.additionalProperties).toBe(false);
    expect(project.required).toEqual(expect.arrayContaining(["_id", "status", "speakers", "transcript"]));
    // Requests as accepted: a field with a default may be left out.
    const checkout = op("/api/stripe/checkout", "post").requestBody.content["application/json"].schema;
    expect(checkout.required).toEqual(["plan"]);
  });
});
