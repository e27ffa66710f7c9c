// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import type { ProgressEvent, Translation } from "../../../api/types.ts";
import { dubFileName, EditableTranslation as TranslationTab } from "./TranslationTab.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const original = [
  { speaker: "s1", text: "Good morning.", start: 0, end: 1000 },
  { speaker: "s1", text: "Welcome to the show.", start: 1200, end: 2500 },
];
const totals = {
  segments: 2,
  dubbed: 2,
  tooLong: 1,
  resynthesized: 2,
  cached: 0,
  maxSpeed: 1.3,
  atMost1_3: 2,
};
const base: Translation = {
  videoId: "p1",
  language: "es",
  status: "dubbed",
  statusMessage: null,
  progress: 100,
  engine: "apertium (en → es)",
  dubbedAt: "2026-11-25T10:00:00.000Z",
  review: { status: "draft", by: null, at: null, note: null, editedByYou: false },
  updatedAt: "2026-11-25T10:00:00.000Z",
  transcript: [
    { speaker: "s1", text: "Buenos días.", start: 0, end: 1000 },
    { speaker: "s1", text: "Bienvenidos al programa de hoy.", start: 1200, end: 2500 },
  ],
  finalVideoUrl: "/media/dub.mp4",
  srtUrl: "/media/dub.srt",
  vttUrl: "/media/dub.vtt",
  audioUrl: "/media/dub.m4a",
  wavUrl: "/api/video/p1/dubs/es/audio.wav",
  glossaryMisses: [],
  subtitlesBurned: false,
  report: { totals, segments: [{ index: 1, tooLong: true, speed: 1.3, cached: false, empty: false }] },
  previousDub: null,
  stale: false,
};

let container: HTMLDivElement;
function render(translation: Translation, jobs: Record<string, ProgressEvent> = {}) {
  container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <TranslationTab
          projectId="p1"
          translation={translation}
          language={undefined}
          original={original}
          speakers={[{ id: "s1", name: "Host", selectedVoice: "v" }]}
          activeIndex={-1}
          jobs={jobs}
          durationMs={10_000}
          playerMs={0}
          onSeek={() => {}}
          onPlayRange={() => {}}
        />
      </QueryClientProvider>,
    ),
  );
}
afterEach(() => container.remove());

describe("TranslationTab", () => {
  it("flags the segments the dub report marks too long, and only those", () => {
    render(base);
    const rows = container.querySelectorAll("[data-testid=translation-segment]");
    expect(rows[0]!.querySelector("[data-testid=too-long]")).toBeNull();
    expect(rows[1]!.querySelector("[data-testid=too-long]")?.textContent).toBe("Too long (×1.30)");
  });
  it("flags a segment whose glossary term the translation lost", () => {
    render({ ...base, glossaryMisses: [{ segment: 0, term: "morning", expected: "mañana" }] });
    const rows = container.querySelectorAll("[data-testid=translation-segment]");
    expect(rows[0]!.querySelector("[data-testid=glossary-miss]")?.textContent).toBe(
      "Glossary: “morning” should be “mañana”",
    );
    expect(rows[1]!.querySelector("[data-testid=glossary-miss]")).toBeNull();
  });
  it("shows the first rendering beside a line shortened to fit", () => {
    const [first, second] = base.transcript;
    render({ ...base, transcript: [{ ...first!, shortenedFrom: "Muy buenos días a todos." }, second!] });
    const rows = container.querySelectorAll("[data-testid=translation-segment]");
    expect(rows[0]!.querySelector("[data-testid=shortened]")?.textContent).toBe(
      "Shortened to fit First rendering: Muy buenos días a todos.",
    );
    expect(rows[1]!.querySelector("[data-testid=shortened]")).toBeNull();
  });
  it("offers the dubbed video and its subtitles for download, with no player of its own", () => {
    render(base);
    // the page's one player shows the dub (player-source.ts)
    expect(container.querySelector("video")).toBeNull();
    const links = [...container.querySelectorAll("a")].map((a) => [
      a.textContent?.trim(),
      a.getAttribute("download"),
    ]);
    expect(links).toEqual([
      ["SRT", "subtitles-es-bilingual.srt"],
      ["VTT", "subtitles-es-bilingual.vtt"],
      ["Download Video", "dubbed-video-es.mp4"],
      ["Download SRT", "subtitles-es.srt"],
      ["Download VTT", "subtitles-es.vtt"],
      ["Audio (M4A)", "dubbed-audio-es.m4a"],
      ["Audio (WAV)", "dubbed-audio-es.wav"],
      ["All languages (MP4)", "video-all-languages.mp4"],
    ]);
    expect(dubFileName("fr")).toBe("dubbed-video-fr.mp4");
    const bilingual = container.querySelector<HTMLAnchorElement>("a[download='subtitles-es-bilingual.srt']");
    expect(bilingual?.getAttribute("href")).toMatch(/\/subtitles\/es\.srt\?bilingual=1$/);
  });
  it("shows 'Dubbing...' with the live progress of the dub job", () => {
    const job: ProgressEvent = {
      id: "j1",
      updatedAt: "2026-11-25T10:00:00.000Z",
      kind: "dub",
      language: "es",
      status: "running",
      percent: 42,
      message: "Voicing segment 2 of 2",
    };
    render({ ...base, status: "dubbing", finalVideoUrl: null }, { "dub:es": job });
    const dub = [...container.querySelectorAll("button")].find((b) => b.textContent === "Dubbing...");
    expect(dub?.disabled).toBe(true);
    const bar = container.querySelector("[role=progressbar][aria-label='Dubbing progress']");
    expect(bar?.getAttribute("aria-valuenow")).toBe("42");
    expect(container.textContent).toContain("Voicing segment 2 of 2");
    expect(container.querySelector("[data-testid=dubbed-video]")).toBeNull();
  });
  it("projects the speed while a line is typed longer, and borrows the silence after it", () => {
    render(base);
    const boxes = container.querySelectorAll("textarea");
    const row = container.querySelectorAll("[data-testid=translation-segment]")[1]!;
    expect(row.querySelector("[data-testid=projected-speed]")).toBeNull();
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    act(() => {
      // twice as long in the same slot: the ×1.30 the dub needed becomes ×2.6
      setter.call(boxes[1]!, "Bienvenidos al programa de hoy. Bienvenidos al programa de hoy.");
      boxes[1]!.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(row.querySelector("[data-testid=projected-speed]")?.textContent).toBe("Will play at ×2.64");
    const borrow = [...row.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Borrow"));
    expect(borrow?.textContent).toBe("Borrow 2.1 s of silence");
    act(() => borrow!.click());
    // the 1.3 s slot grows by what ×2.64 needs (2.1 s) into the silence after it; the badge follows
    const end = container.querySelector<HTMLInputElement>("[aria-label='End of translated segment 2']")!;
    expect(end.value).toMatch(/^0:04\.6\d\d$/);
    expect(Number(row.querySelector("[data-testid=projected-speed]")?.textContent?.slice(-4))).toBeLessThan(
      1.01,
    );
  });
  it("keeps Save Translation disabled until the text is edited", () => {
    render(base);
    const save = [...container.querySelectorAll("button")].find((b) => b.textContent === "Save Translation")!;
    expect(save.disabled).toBe(true);
    const box = container.querySelector("textarea")!;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    act(() => {
      setter.call(box, "Hola.");
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(save.disabled).toBe(false);
  });
});
