import { createServer } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { StripeClient, signPayload, verifyWebhook } from "./billing/stripe.ts";
import { AppError, errorBody } from "./errors.ts";
import { errorHandling } from "./http/errors.ts";
import { PexelsProvider } from "./storyboards/images.ts";

/** A local port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("AppError", () => {
  it("keeps the error that caused it, and takes its status from the code", () => {
    const original = new Error("connect ECONNREFUSED");
    const error = new AppError("payment_provider_error", "Try again.", undefined, { cause: original });
    expect(error.cause).toBe(original);
    expect(error.status).toBe(502);
    expect(new AppError("not_found", "Gone.").cause).toBeUndefined();
  });

  it("errorBody leaves details out when there are none", () => {
    expect(errorBody("not_found", "Gone.")).toEqual({ error: { code: "not_found", message: "Gone." } });
    expect(errorBody("validation_failed", "Bad.", [{ path: "a", message: "Bad." }]).error.details).toEqual([
      { path: "a", message: "Bad." },
    ]);
  });
});

describe("errors from a provider keep their cause", () => {
  it("Stripe unreachable: payment_provider_error caused by the network error", async () => {
    const stripe = new StripeClient("sk_test", `http://127.0.0.1:${await closedPort()}`);
    const error = await stripe.createCustomer("a@example.com", "u1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("payment_provider_error");
    expect((error as AppError).cause).toBeInstanceOf(TypeError); // fetch failed (ECONNREFUSED)
  });

  it("Pexels unreachable: image_search_failed caused by the network error", async () => {
    const pexels = new PexelsProvider("key", `http://127.0.0.1:${await closedPort()}`);
    const error = await pexels.search("ocean", 3).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("image_search_failed");
    expect((error as AppError).cause).toBeInstanceOf(TypeError);
  });

  it("a signed webhook body that is not JSON: bad_request caused by the parse error", () => {
    const now = 1_700_000_000;
    const header = signPayload("{not json", "whsec", now);
    let error: unknown;
    try {
      verifyWebhook("{not json", header, "whsec", { nowSeconds: now });
    } catch (e) {
      error = e;
    }
    expect((error as AppError).code).toBe("bad_request");
    expect((error as AppError).cause).toBeInstanceOf(SyntaxError);
  });
});

describe("the error handler", () => {
  it("answers a provider error with our message and logs its cause", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: "warn", stream: { write: (line: string) => lines.push(line) } } });
    errorHandling(app);
    app.get("/x", async () => {
      throw new AppError("image_search_failed", "The image library could not be reached.", undefined, {
        cause: new Error("connect ECONNREFUSED 127.0.0.1:9"),
      });
    });
    const res = await app.inject({ method: "GET", url: "/x" });
    await app.close();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: { code: "image_search_failed", message: "The image library could not be reached." },
    });
    expect(res.body).not.toContain("ECONNREFUSED");
    expect(lines.join("")).toContain("connect ECONNREFUSED 127.0.0.1:9");
  });
});
