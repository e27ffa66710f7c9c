import type { LineComment } from "@dubbing/contract";
import { describe, expect, it } from "vitest";
import { lineThreads, openThreadCounts, ownOpenThreads, reviewActions } from "./review-state.ts";

const labels = (...args: Parameters<typeof reviewActions>) => reviewActions(...args).map((a) => a.label);

describe("reviewActions", () => {
  it("offers a viewer nothing, and nothing before the workspace's role is known", () => {
    expect(labels("viewer", "in_review")).toEqual([]);
    expect(labels(undefined, "in_review")).toEqual([]);
  });

  it("lets an editor send a draft for review, and a reviewer judge only what is in review", () => {
    expect(labels("editor", "draft")).toEqual(["Send for review"]);
    expect(labels("reviewer", "draft")).toEqual([]);
    expect(labels("reviewer", "in_review")).toEqual(["Approve", "Request changes"]);
    expect(labels("reviewer", "approved")).toEqual(["Request changes"]);
  });

  it("lets an owner send back for review what was judged", () => {
    expect(labels("owner", "changes_requested")).toEqual(["Send for review", "Approve"]);
  });

  it("offers Approve held back, with why, while the reviewer's own thread is open", () => {
    expect(reviewActions("reviewer", "in_review", 1)).toEqual([
      {
        to: "approved",
        label: "Approve",
        blocked: "Resolve your open comment on this translation before approving it.",
      },
      { to: "changes_requested", label: "Request changes", blocked: null },
    ]);
  });

  it("offers Approve held back, with why, to whoever made the last change, whatever their role", () => {
    for (const role of ["reviewer", "owner"] as const)
      expect(reviewActions(role, "in_review", 0, true)).toContainEqual({
        to: "approved",
        label: "Approve",
        blocked: "You made the last change: another reviewer approves it.",
      });
    expect(reviewActions("reviewer", "in_review", 0, false)[0]!.blocked).toBeNull();
    // Request changes stays open to them
    expect(reviewActions("reviewer", "in_review", 0, true)[1]!.blocked).toBeNull();
  });
});

const comment = (id: string, line: number, parentId: string | null, resolved = false): LineComment => ({
  id,
  language: "es",
  line,
  parentId,
  author: "a@example.com",
  body: id,
  resolved,
  createdAt: "2026-11-28T10:00:00.000Z",
});

describe("threads", () => {
  const comments = [
    comment("t1", 0, null),
    comment("t2", 0, null, true),
    comment("r1", 0, "t1"),
    comment("t3", 2, null),
  ];

  it("groups a line's replies under their thread", () => {
    const threads = lineThreads(comments, 0);
    expect(threads.map((t) => [t.first.id, t.replies.map((r) => r.id)])).toEqual([
      ["t1", ["r1"]],
      ["t2", []],
    ]);
  });

  it("counts the open threads of each line", () => {
    expect([...openThreadCounts(comments)]).toEqual([
      [0, 1],
      [2, 1],
    ]);
  });
});

describe("ownOpenThreads", () => {
  it("counts the open threads the caller opened, not replies nor others' threads nor resolved ones", () => {
    const mine = (id: string, parentId: string | null, resolved = false) => ({
      ...comment(id, 0, parentId, resolved),
      author: "me@example.com",
    });
    const comments = [mine("1", null), mine("2", null, true), mine("3", "x"), comment("4", 0, null)];
    expect(ownOpenThreads(comments, "me@example.com")).toBe(1);
    expect(ownOpenThreads(comments, undefined)).toBe(0);
  });
});
