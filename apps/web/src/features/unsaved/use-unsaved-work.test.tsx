// @vitest-environment happy-dom
import { act, useState } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, it } from "vitest";
import { readDraft } from "./local-draft.ts";
import { unsavedWorks } from "./unsaved-store.ts";
import { useUnsavedWork } from "./use-unsaved-work.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SAVED = "What the server has.";

/** A screen with one text field whose edits the hook guards. */
function Screen() {
  const [text, setText] = useState(SAVED);
  useUnsavedWork({
    draftKey: "test:screen",
    dirty: text !== SAVED,
    value: text,
    save: async () => true,
    differs: (kept) => kept !== SAVED,
    restore: setText,
    revert: () => setText(SAVED),
  });
  return <input aria-label="text" value={text} onChange={(e) => setText(e.target.value)} />;
}

let root: ReturnType<typeof createRoot> | undefined;
afterEach(() => {
  act(() => root?.unmount());
  localStorage.clear();
});

it("Discard drops the edits from a screen that stays mounted (a Back right after Discard finds no edit)", () => {
  // the registry is the app's one store, which other test files of this worker may have left entries in
  const before = unsavedWorks.snapshot().length;
  const host = document.createElement("div");
  root = createRoot(host);
  act(() => root?.render(<Screen />));
  const input = host.querySelector("input") as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setter?.call(input, "An edit.");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  expect(input.value).toBe("An edit.");
  expect(readDraft("test:screen")?.value).toBe("An edit.");
  expect(unsavedWorks.snapshot()).toHaveLength(before + 1);

  act(() => unsavedWorks.snapshot().at(-1)?.discard());

  expect(input.value).toBe(SAVED);
  expect(readDraft("test:screen")).toBeNull();
  expect(unsavedWorks.snapshot()).toHaveLength(before);
});
