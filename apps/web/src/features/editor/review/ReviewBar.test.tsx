// @vitest-environment happy-dom
import type { Role, TranslationReview } from "@dubbing/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewBar } from "./ReviewBar.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
async function render(
  role: Role,
  review: TranslationReview,
  dubRefusal: string | null = null,
  comments: unknown[] = [],
) {
  // the caller's role is the one in the project's workspace, a shared one here, not in the workspace the
  // app has chosen (the personal one, where the caller is the owner)
  const workspace = (id: string, personal: boolean, role: Role) => ({
    ...{ id, name: id, personal, role, dubOnlyApproved: false, createdAt: "" },
  });
  const answers: Record<string, unknown> = {
    "/api/workspaces": { workspaces: [workspace("me", true, "owner"), workspace("agency", false, role)] },
    "/api/video/p1": { _id: "p1", workspaceId: "agency" },
    "/api/auth/me": { email: "rev@example.com" },
    "/api/video/p1/comments?language=es": { comments },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => Response.json(answers[url])),
  );
  container = document.createElement("div");
  document.body.append(container);
  await act(async () =>
    createRoot(container).render(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewBar projectId="p1" translation={{ language: "es", review }} dubRefusal={dubRefusal} />
      </QueryClientProvider>,
    ),
  );
  // the buttons follow the role, once the workspaces have loaded
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  await act(async () => {});
}
const buttons = () => [...container.querySelectorAll("button")].map((b) => b.textContent);
afterEach(() => {
  container.remove();
  vi.unstubAllGlobals();
});

const inReview: TranslationReview = {
  status: "in_review",
  by: "ed@example.com",
  at: "2026-11-28T10:00:00.000Z",
  note: null,
  editedByYou: false,
};

describe("ReviewBar", () => {
  it("shows the status and who set it, and a reviewer's verdicts", async () => {
    await render("reviewer", inReview);
    await vi.waitFor(() => expect(buttons()).toEqual(["Approve", "Request changes"]));
    expect(container.querySelector("[data-testid=review-status]")!.textContent).toBe("In review");
    expect(container.textContent).toContain("by ed@example.com");
  });

  it("holds Approve back, saying why, while a thread the reviewer opened is still open", async () => {
    const open = { id: "c1", language: "es", line: 0, parentId: null, body: "x", resolved: false };
    await render("reviewer", inReview, null, [{ ...open, author: "rev@example.com", createdAt: "" }]);
    await vi.waitFor(() =>
      expect(container.textContent).toContain(
        "Resolve your open comment on this translation before approving it.",
      ),
    );
    const approve = [...container.querySelectorAll("button")].find((b) => b.textContent === "Approve")!;
    expect(approve.disabled).toBe(true);
  });

  it("holds Approve back, saying why, from whoever made the translation's last change", async () => {
    await render("reviewer", { ...inReview, editedByYou: true });
    await vi.waitFor(() =>
      expect(container.textContent).toContain("You made the last change: another reviewer approves it."),
    );
    const approve = [...container.querySelectorAll("button")].find((b) => b.textContent === "Approve")!;
    expect(approve.disabled).toBe(true);
    const changes = [...container.querySelectorAll("button")].find(
      (b) => b.textContent === "Request changes",
    )!;
    expect(changes.disabled).toBe(false);
  });

  it("offers a viewer of the project's workspace nothing, though the caller owns the workspace the app is in", async () => {
    await render("viewer", inReview);
    await vi.waitFor(() => expect(container.querySelector("[data-testid=review-status]")).not.toBeNull());
    await act(async () => {});
    expect(buttons()).toEqual([]);
  });

  it("shows why the server refused to dub", async () => {
    await render(
      "editor",
      { status: "draft", by: null, at: null, note: null, editedByYou: false },
      "A reviewer approves this one first.",
    );
    expect(container.querySelector("[role=alert]")!.textContent).toBe("A reviewer approves this one first.");
  });
});
