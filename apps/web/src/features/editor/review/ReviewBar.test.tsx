// @vitest-environment happy-dom
import type { Role, TranslationReview } from "@dubbing/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReviewBar } from "./ReviewBar.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
async function render(role: Role, review: TranslationReview, dubRefusal: string | null = null) {
  // the workspaces list is where the app learns the caller's role (the personal workspace here)
  const workspace = {
    id: "w1",
    name: "Personal",
    personal: true,
    role,
    dubOnlyApproved: false,
    createdAt: "",
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ workspaces: [workspace] })),
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
};

describe("ReviewBar", () => {
  it("shows the status and who set it, and a reviewer's verdicts", async () => {
    await render("reviewer", inReview);
    await vi.waitFor(() => expect(buttons()).toEqual(["Approve", "Request changes"]));
    expect(container.querySelector("[data-testid=review-status]")!.textContent).toBe("In review");
    expect(container.textContent).toContain("by ed@example.com");
  });

  it("shows why the server refused to dub", async () => {
    await render("editor", { status: "draft", by: null, at: null }, "A reviewer approves this one first.");
    expect(container.querySelector("[role=alert]")!.textContent).toBe("A reviewer approves this one first.");
  });
});
