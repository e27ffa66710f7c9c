import { describe, expect, it } from "vitest";
import { perUserLimit } from "./per-user-limit.ts";

describe("per-user limit", () => {
  it("lets each user run at most max at once, and counts a release once", () => {
    const limit = perUserLimit(2);
    const a1 = limit.take("a")!;
    const a2 = limit.take("a")!;
    expect(limit.take("a")).toBeNull();
    expect(limit.take("b")).not.toBeNull();
    a1();
    a1();
    const a3 = limit.take("a");
    expect(a3).not.toBeNull();
    expect(limit.take("a")).toBeNull();
    a2();
    a3!();
    expect(limit.take("a")).not.toBeNull();
  });
});
