import { describe, expect, it } from "vitest";
import { invitationToken } from "./InvitationNote.tsx";

describe("invitationToken", () => {
  it("reads the token of an invitation's path and nothing else", () => {
    expect(invitationToken("/invite/abc_DEF-123")).toBe("abc_DEF-123");
    expect(invitationToken("/projects")).toBeNull();
    expect(invitationToken("/invite/a/b")).toBeNull();
    expect(invitationToken(null)).toBeNull();
  });
});
