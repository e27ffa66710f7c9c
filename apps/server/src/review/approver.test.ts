import { describe, expect, it } from "vitest";
import { verdictRefusal } from "./approver.ts";

describe("who may give a translation's verdict", () => {
  const me = "u-me";
  const translated = (editedBy: string | null) => ({ status: "translated" as const, editedBy });

  it("nobody approves their own last change of the text; others', or a text of nobody known, they may", () => {
    expect(verdictRefusal(me, "approved", translated(me))?.code).toBe("forbidden");
    expect(verdictRefusal(me, "approved", translated("u-other"))).toBeNull();
    expect(verdictRefusal(me, "approved", translated(null))).toBeNull();
    // asking for changes on one's own text, or sending it for review, is no approval
    expect(verdictRefusal(me, "changes_requested", translated(me))).toBeNull();
    expect(verdictRefusal(me, "in_review", translated(me))).toBeNull();
  });

  it("nothing is approved while the text is being made again", () => {
    const translating = { status: "translating" as const, editedBy: "u-other" };
    expect(verdictRefusal(me, "approved", translating)?.code).toBe("conflict");
    expect(verdictRefusal(me, "in_review", translating)).toBeNull();
    expect(verdictRefusal(me, "draft", translating)).toBeNull();
  });
});
