// @vitest-environment happy-dom
import type { Member, Role } from "@dubbing/contract";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { MemberRow } from "./MemberRow.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const member = (userId: string, role: Role): Member => ({
  userId,
  email: `${userId}@example.com`,
  role,
  joinedAt: "2026-11-28T10:00:00.000Z",
});

let container: HTMLDivElement;
function render(target: Member, caller: { id: string; role: Role }, personal = false) {
  container = document.createElement("div");
  document.body.append(container);
  act(() =>
    createRoot(container).render(
      <ul>
        <MemberRow
          workspace={{ id: "w1", name: "Agency", personal }}
          member={target}
          caller={caller}
          onChanged={async () => {}}
        />
      </ul>,
    ),
  );
}
const controls = () => ({
  select: container.querySelector("select")?.getAttribute("aria-label") ?? null,
  buttons: [...container.querySelectorAll("li > span button")].map((b) => b.textContent),
});
afterEach(() => container.remove());

describe("MemberRow", () => {
  it("gives the owner a member's role, the hand-over and the removal", () => {
    render(member("ed", "editor"), { id: "boss", role: "owner" });
    expect(controls()).toEqual({
      select: "Role of ed@example.com",
      buttons: ["Make owner", "Remove ed@example.com"],
    });
  });

  it("gives an admin the role and the removal, but not the hand-over, and nothing on the owner", () => {
    render(member("ed", "editor"), { id: "adm", role: "admin" });
    expect(controls()).toEqual({ select: "Role of ed@example.com", buttons: ["Remove ed@example.com"] });
    container.remove();
    render(member("boss", "owner"), { id: "adm", role: "admin" });
    expect(controls()).toEqual({ select: null, buttons: [] });
  });

  it("lets a viewer only leave, and never hands a personal workspace over", () => {
    render(member("me", "viewer"), { id: "me", role: "viewer" });
    expect(controls()).toEqual({ select: null, buttons: ["Leave"] });
    container.remove();
    render(member("ed", "editor"), { id: "boss", role: "owner" }, true);
    expect(controls().buttons).toEqual(["Remove ed@example.com"]);
  });
});
