import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const now = Date.parse("2025-06-10T12:00:00Z");

describe("relativeTime", () => {
  it("says how long ago", () => {
    expect(relativeTime("2025-06-10T11:59:30Z", now)).toBe("just now");
    expect(relativeTime("2025-06-10T11:57:00Z", now)).toBe("3 minutes ago");
    expect(relativeTime("2025-06-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2025-06-09T12:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2025-05-01T12:00:00Z", now)).toBe("last month");
  });
  it("is empty for a bad date", () => {
    expect(relativeTime("nope", now)).toBe("");
  });
});
