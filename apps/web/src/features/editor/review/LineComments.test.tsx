// @vitest-environment happy-dom
import type { LineComment } from "@dubbing/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LineComments } from "./LineComments.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const comment = (id: string, parentId: string | null, resolved = false): LineComment => ({
  id,
  language: "es",
  line: 1,
  parentId,
  author: "reviewer@example.com",
  body: `text of ${id}`,
  resolved,
  createdAt: "2026-11-28T10:00:00.000Z",
});

let container: HTMLDivElement;
function render(props: { comments: LineComment[]; canWrite: boolean; failed?: boolean }) {
  container = document.createElement("div");
  document.body.append(container);
  act(() =>
    createRoot(container).render(
      <QueryClientProvider client={new QueryClient()}>
        <LineComments projectId="p1" language="es" line={1} failed={false} {...props} />
      </QueryClientProvider>,
    ),
  );
  const toggle = container.querySelector("button")!;
  act(() => toggle.click());
  return toggle;
}
afterEach(() => {
  container.remove();
  vi.unstubAllGlobals();
});

describe("LineComments", () => {
  it("counts the open threads and shows each with its replies", () => {
    const toggle = render({
      comments: [comment("t1", null), comment("r1", "t1"), comment("t2", null, true)],
      canWrite: true,
    });
    expect(toggle.getAttribute("aria-label")).toBe("Comments on line 2: 1 open");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const threads = container.querySelectorAll("[data-testid=comment-thread]");
    expect(threads).toHaveLength(2);
    expect(threads[0]!.textContent).toContain("text of r1");
    expect([...container.querySelectorAll("button")].map((b) => b.textContent)).toContain("Reopen");
  });

  it("lets a viewer read the threads but not write", () => {
    render({ comments: [comment("t1", null)], canWrite: false });
    expect(container.textContent).toContain("text of t1");
    expect(container.querySelector("textarea")).toBeNull();
    expect(container.textContent).not.toContain("Resolve");
  });

  it("says when a line has no comments, and when they could not be loaded", () => {
    render({ comments: [], canWrite: true });
    expect(container.textContent).toContain("No comments on this line yet.");
    container.remove();
    render({ comments: [], canWrite: true, failed: true });
    expect(container.querySelector("[role=alert]")!.textContent).toContain("could not be loaded");
  });

  it("sends a new thread on its line, and keeps the text when the server refuses it", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ error: { code: "forbidden", message: "A reviewer comments." } }, { status: 403 }),
    );
    vi.stubGlobal("fetch", fetch);
    render({ comments: [], canWrite: true });
    const box = container.querySelector<HTMLTextAreaElement>("textarea[aria-label='Comment on line 2']")!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    act(() => {
      setValue.call(box, "Too formal");
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => container.querySelector("form")!.requestSubmit());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/video/p1/comments");
    expect(JSON.parse(init.body as string)).toEqual({ language: "es", line: 1, body: "Too formal" });
    expect(container.querySelector("[role=alert]")!.textContent).toBe("A reviewer comments.");
    expect(box.value).toBe("Too formal");
  });
});
