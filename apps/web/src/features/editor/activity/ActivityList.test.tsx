// @vitest-environment happy-dom
import type { ActivityEntry } from "@dubbing/contract";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { ActivityList } from "./ActivityList.tsx";
import { activityText } from "./activity-text.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const now = Date.parse("2026-11-28T12:00:00.000Z");
const entry = (change: Partial<ActivityEntry>): ActivityEntry => ({
  action: "review:approved",
  language: "es",
  actor: "ana@example.com",
  note: null,
  at: "2026-11-28T11:55:00.000Z",
  ...change,
});

describe("activityText", () => {
  it("says who did what to which translation, and when", () => {
    expect(activityText(entry({}), now)).toBe(
      "ana@example.com approved the Spanish translation · 5 minutes ago",
    );
    expect(activityText(entry({ action: "dub:started", language: "fr" }), now)).toBe(
      "ana@example.com started the dub of the French translation · 5 minutes ago",
    );
  });

  it("names the transcript when no language is given, and a deleted account as a former member", () => {
    expect(activityText(entry({ action: "transcript:saved", language: null, actor: null }), now)).toBe(
      "A former member edited the transcript · 5 minutes ago",
    );
  });

  it("says why, where the server did", () => {
    const note = "Text edited while it was approved: back to draft.";
    expect(activityText(entry({ action: "review:draft", note }), now)).toBe(
      `ana@example.com moved the Spanish translation back to draft (${note}) · 5 minutes ago`,
    );
  });
});

describe("ActivityList", () => {
  let container: HTMLDivElement;
  const render = (entries: ActivityEntry[] | undefined) => {
    container = document.createElement("div");
    document.body.append(container);
    act(() => createRoot(container).render(<ActivityList entries={entries} failed={false} />));
  };
  afterEach(() => container.remove());

  it("lists the entries in the order given (newest first from the server)", () => {
    render([entry({}), entry({ action: "comment:added", actor: "bo@example.com" })]);
    const items = [...container.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^ana@example.com approved the Spanish translation · /);
    expect(items[1]).toMatch(/^bo@example.com commented on the Spanish translation · /);
  });

  it("says so when nothing has happened yet", () => {
    render([]);
    expect(container.textContent).toContain("No activity yet");
    expect(container.querySelector("li")).toBeNull();
  });
});
