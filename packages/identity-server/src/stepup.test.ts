import { describe, expect, it } from "vitest";
import { hasRecentSecondFactor, recentlyAuthenticated } from "./stepup.ts";

const now = new Date("2026-11-25T12:00:00Z");
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();

describe("step-up", () => {
  it("needs a second factor from the last five minutes", () => {
    expect(hasRecentSecondFactor([{ type: "totp", last_authenticated_at: at(4) }], now)).toBe(true);
    expect(
      hasRecentSecondFactor([{ type: "webauthn_registration", last_authenticated_at: at(1) }], now),
    ).toBe(true);
    expect(hasRecentSecondFactor([{ type: "totp", last_authenticated_at: at(6) }], now)).toBe(false);
    expect(hasRecentSecondFactor([{ type: "password", last_authenticated_at: at(0) }], now)).toBe(false);
    expect(hasRecentSecondFactor([{ type: "totp", last_authenticated_at: "garbage" }], now)).toBe(false);
  });

  it("knows a session authenticated in the last five minutes", () => {
    expect(recentlyAuthenticated([{ type: "password", last_authenticated_at: at(2) }], now)).toBe(true);
    expect(recentlyAuthenticated([{ type: "magic_link", last_authenticated_at: at(30) }], now)).toBe(false);
  });
});
