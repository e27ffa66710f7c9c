// @vitest-environment happy-dom
import { act, useReducer } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { draftReducer, newDraft } from "../draft.ts";
import { TranscriptEditor } from "./TranscriptEditor.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const speakers = [{ id: "s1", name: "Host", selectedVoice: "v" }];

/** The editor wired to the real draft reducer, as the editor page does. */
function Harness({
  transcript,
}: {
  transcript: { speaker: string; text: string; start: number; end: number }[];
}) {
  const [draft, dispatch] = useReducer(draftReducer, newDraft(speakers, transcript));
  return (
    <TranscriptEditor
      transcript={draft.transcript}
      speakers={draft.speakers}
      activeIndex={-1}
      durationMs={10_000}
      playerMs={1500}
      onChange={(index, change) => dispatch({ type: "updateSegment", index, change })}
      onReplace={(t) => dispatch({ type: "setTranscript", transcript: t })}
      onUndo={() => dispatch({ type: "undo" })}
      onRedo={() => dispatch({ type: "redo" })}
      onSeek={() => {}}
    />
  );
}

let container: HTMLDivElement;
function render(transcript: Parameters<typeof Harness>[0]["transcript"]) {
  container = document.createElement("div");
  document.body.append(container);
  act(() => createRoot(container).render(<Harness transcript={transcript} />));
}
afterEach(() => container.remove());

const texts = () => [...container.querySelectorAll("textarea")].map((t) => (t as HTMLTextAreaElement).value);
const press = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }));
  });
const button = (name: RegExp) =>
  [...container.querySelectorAll("button")].find((b) => name.test(b.textContent ?? ""))!;

describe("TranscriptEditor", () => {
  it("starts an empty transcript with a segment at the player, and Enter at a line's end adds the next", () => {
    render([]);
    expect(container.textContent).toContain("The transcript is empty.");
    act(() => button(/Add segment at 0:01/).click());
    expect(texts()).toEqual([""]);
    const area = container.querySelector("textarea")!;
    expect(document.activeElement).toBe(area);
    press(area, "Enter");
    expect(texts()).toEqual(["", ""]);
  });

  it("undoes and redoes structure edits with Ctrl+Z and Shift+Ctrl+Z", () => {
    render([{ speaker: "s1", text: "One.", start: 0, end: 1000 }]);
    act(() => button(/Add segment at/).click());
    expect(texts()).toHaveLength(2);
    press(document.body, "z", { ctrlKey: true });
    expect(texts()).toEqual(["One."]);
    press(document.body, "z", { ctrlKey: true, shiftKey: true });
    expect(texts()).toHaveLength(2);
  });

  it("opens the keyboard shortcuts with ?", () => {
    render([{ speaker: "s1", text: "One.", start: 0, end: 1000 }]);
    press(document.body, "?");
    const dialogs = [...container.querySelectorAll("dialog")].map((d) => d.textContent ?? "");
    expect(dialogs.some((text) => text.includes("Keyboard shortcuts") && text.includes("Undo"))).toBe(true);
  });
});
