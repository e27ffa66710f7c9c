// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "../../api/types.ts";
import { SpokenLanguageSelect } from "./SpokenLanguageSelect.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const language = (code: string, name: string, detect: boolean) =>
  ({ code, name, asr: { available: true, engine: "faster-whisper", reason: null, detect } }) as Language;

let host: HTMLDivElement;
afterEach(() => host?.remove());

function options(languages: Language[], value = "en") {
  host = document.createElement("div");
  document.body.append(host);
  act(() =>
    createRoot(host).render(
      <SpokenLanguageSelect id="l" languages={languages} value={value} onChange={() => {}} />,
    ),
  );
  return [...host.querySelectorAll("option")].map((o) => o.textContent);
}

describe("SpokenLanguageSelect", () => {
  it("offers Detect where recognition here can find the language", () => {
    expect(options([language("en", "English", true), language("es", "Spanish", true)])).toEqual([
      "Detect the language",
      "English",
      "Spanish",
    ]);
  });

  it("does not offer Detect where nothing here can detect (an English-only model)", () => {
    expect(options([language("en", "English", false)])).toEqual(["English"]);
  });

  it("keeps Detect when it is the project's choice already", () => {
    expect(options([language("en", "English", false)], "detect")).toEqual(["Detect the language", "English"]);
  });
});
