import { describe, expect, it } from "vitest";
import { reviewRefusal } from "./review-rules.ts";

describe("a translation's review", () => {
  it("an editor sends it for review; a reviewer approves or sends it back once it is in review", () => {
    expect(reviewRefusal("editor", "draft", "in_review")).toBeNull();
    expect(reviewRefusal("reviewer", "draft", "in_review")?.code).toBe("forbidden");
    expect(reviewRefusal("reviewer", "in_review", "approved")).toBeNull();
    expect(reviewRefusal("reviewer", "in_review", "changes_requested")).toBeNull();
    expect(reviewRefusal("reviewer", "approved", "changes_requested")).toBeNull();
    expect(reviewRefusal("reviewer", "draft", "approved")?.code).toBe("conflict");
    expect(reviewRefusal("viewer", "changes_requested", "draft")?.code).toBe("forbidden");
    expect(reviewRefusal("viewer", "in_review", "approved")?.code).toBe("forbidden");
  });

  it("a reviewer approves only when none of the threads they opened is still open", () => {
    expect(reviewRefusal("reviewer", "in_review", "approved", 1)).toEqual({
      code: "conflict",
      message: "Resolve your open comment on this translation before approving it.",
    });
    expect(reviewRefusal("reviewer", "in_review", "approved", 2)?.message).toMatch(/your 2 open comments/);
    // what they still object to does not stop them asking for changes
    expect(reviewRefusal("reviewer", "in_review", "changes_requested", 2)).toBeNull();
  });
});
