import { describe, expect, it } from "vitest";
import { memberChangeRefusal } from "./member-rules.ts";

const owner = { id: "o", role: "owner" } as const;
const admin = { id: "a", role: "admin" } as const;
const editor = { id: "e", role: "editor" } as const;

describe("who may change whose membership", () => {
  it("an admin manages members up to admin, never the owner", () => {
    expect(memberChangeRefusal(admin, editor, "viewer")).toBeNull();
    expect(memberChangeRefusal(admin, editor, "admin")).toBeNull();
    expect(memberChangeRefusal(admin, editor, undefined)).toBeNull();
    expect(memberChangeRefusal(admin, owner, "editor")).toMatch(/hands the workspace over/);
    expect(memberChangeRefusal(admin, owner, undefined)).toMatch(/hands the workspace over/);
    expect(memberChangeRefusal(admin, editor, "owner")).toMatch(/Only the owner/);
  });

  it("only the owner hands over; the owner never leaves without handing over", () => {
    expect(memberChangeRefusal(owner, admin, "owner")).toBeNull();
    expect(memberChangeRefusal(owner, owner, undefined)).toMatch(/hands the workspace over/);
  });

  it("anyone may leave; below admin nobody manages others", () => {
    expect(memberChangeRefusal(editor, editor, undefined)).toBeNull();
    expect(memberChangeRefusal(editor, { id: "v", role: "viewer" }, undefined)).toMatch(/admin or the owner/);
    expect(memberChangeRefusal(editor, editor, "admin")).toMatch(/admin or the owner/);
  });
});
