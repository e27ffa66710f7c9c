import { describe, expect, it } from "vitest";
import { reviewRefusal } from "./transitions.ts";

describe("a translation's review", () => {
  it("an editor sends it for review; a reviewer approves or sends it back once it is in review", () => {
    expect(reviewRefusal("editor", "draft", "in_review")).toBeNull();
    expect(reviewRefusal("reviewer", "draft", "in_review")?.code).toBe("forbidden");
    expect(reviewRefusal("reviewer", "in_review", "approved")).toBeNull();
    expect(reviewRefusal("reviewer", "in_review", "changes_requested")).toBeNull();
    expect(reviewRefusal("reviewer", "approved", "changes_requested")).toBeNull();
    expect(reviewRefusal("reviewer", "draft", "approved")?.code).toBe("conflict");
    expect(reviewRefusal("viewer", "changes_requested", "draft")?.code).toBe("forbidden");
  });
});
