import { describe, expect, it } from "vitest";
import { computeExpiry, type Factor, mergeFactors, sessionProblem, validateDuration } from "./sessions.ts";

const t0 = new Date("2026-01-01T00:00:00Z");
const min = (n: number) => new Date(t0.getTime() + n * 60_000);

describe("session rules", () => {
  it("extends expiry but never past the absolute lifetime", () => {
    expect(computeExpiry(t0, t0, 60, 1440)).toEqual(min(60));
    expect(computeExpiry(min(1400), t0, 60, 1440)).toEqual(min(1440));
  });

  it("ends sessions that are revoked, expired or idle", () => {
    const row = { revokedAt: null, expiresAt: min(100), lastAccessedAt: t0 };
    expect(sessionProblem(row, min(10), 60)).toBeNull();
    expect(sessionProblem(row, min(61), 60)).toBe("idle");
    expect(sessionProblem(row, min(100), 1000)).toBe("expired");
    expect(sessionProblem({ ...row, revokedAt: t0 }, min(1), 60)).toBe("revoked");
  });

  it("replaces a factor of the same kind and keeps the others", () => {
    const a: Factor = { type: "magic_link", delivery_method: "email", last_authenticated_at: "1" };
    const b: Factor = { type: "totp", delivery_method: "authenticator_app", last_authenticated_at: "2" };
    const a2 = { ...a, last_authenticated_at: "3" };
    expect(mergeFactors([a, b], a2)).toEqual([b, a2]);
  });

  it("accepts durations from 5 minutes to a year", () => {
    expect(() => validateDuration(5)).not.toThrow();
    expect(() => validateDuration(undefined)).not.toThrow();
    expect(() => validateDuration(4)).toThrow();
    expect(() => validateDuration(527041)).toThrow();
    expect(() => validateDuration(10.5)).toThrow();
  });
});
