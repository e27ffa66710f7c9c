import { describe, expect, it } from "vitest";
import {
  checksNotRun,
  fixesFor,
  linesToReview,
  movesTo,
  reviewSummary,
  silenceAfter,
} from "./report-card.ts";

const line = (index: number, status: "ok" | "warn" | "fail", reviewed = false) => ({
  index,
  status,
  checks: [],
  reviewed,
});

describe("the report card in the editor", () => {
  it("lists the failed lines, then the warnings, the reviewed ones last", () => {
    const report = {
      lines: [line(0, "warn"), line(1, "ok"), line(2, "fail", true), line(3, "fail"), line(4, "warn")],
    };
    expect(linesToReview(report as never).map((l) => l.index)).toEqual([3, 0, 4, 2]);
  });
  it("says how many lines need a look", () => {
    expect(reviewSummary({ summary: { ok: 5, warn: 2, fail: 1, reviewed: 0 } } as never)).toBe(
      "3 lines need a look",
    );
    expect(reviewSummary({ summary: { ok: 5, warn: 1, fail: 1, reviewed: 1 } } as never)).toBe(
      "1 line needs a look",
    );
    expect(reviewSummary({ summary: { ok: 5, warn: 0, fail: 1, reviewed: 1 } } as never)).toBe(
      "All 6 lines pass their checks or were reviewed.",
    );
    expect(reviewSummary(null)).toBeNull();
  });
});

describe("the fixes the review view offers", () => {
  const finding = (check: string, status: "warn" | "fail") => ({
    index: 0,
    status,
    checks: [
      { check, status, message: "" },
      { check: "glossary", status: "ok" as const, message: "" },
    ],
  });
  it("offers the silence after a line, up to the gap before the next later line or the end", () => {
    const segs = [
      { start: 0, end: 1000 },
      { start: 2000, end: 3000 },
      { start: 2500, end: 2800 },
    ];
    expect(silenceAfter(segs, 0, 10_000)).toBe(900);
    expect(silenceAfter(segs, 1, 10_000)).toBe(0);
    expect(silenceAfter([{ start: 0, end: 1000 }], 0, 4000)).toBe(3000);
  });
  it("offers borrow, wait and shorten for a line that does not fit, a voice for one heard badly", () => {
    const ctx = { silenceMs: 500, pictureWaits: false, canShorten: false };
    expect(fixesFor(finding("fit", "fail") as never, ctx)).toEqual(["borrow-silence", "picture-waits"]);
    expect(
      fixesFor(finding("fit", "warn") as never, { silenceMs: 0, pictureWaits: true, canShorten: true }),
    ).toEqual(["shorten"]);
    expect(fixesFor(finding("intelligibility", "fail") as never, ctx)).toEqual(["voice"]);
    expect(fixesFor(finding("untranslated", "fail") as never, ctx)).toEqual([]);
  });
  it("offers to move a line whose voice is another speaker's to that speaker", () => {
    const ctx = { silenceMs: 0, pictureWaits: true, canShorten: false };
    const flagged = {
      index: 8,
      status: "warn" as const,
      checks: [
        { check: "speaker" as const, status: "warn" as const, message: "Sounds like Ana.", speaker: "s1" },
      ],
    };
    expect(fixesFor(flagged, ctx)).toEqual(["move-speaker"]);
    expect(movesTo(flagged)).toBe("s1");
    const ok = { ...flagged, checks: [{ ...flagged.checks[0]!, status: "ok" as const }] };
    expect(fixesFor(ok, ctx)).toEqual([]);
    expect(movesTo(ok)).toBeUndefined();
  });
});

describe("the checks the card could not run", () => {
  const reason = "No speech recognition model for this language is installed on this server.";
  const lineWith = (index: number, intelligibility: "ok" | "skipped") => ({
    index,
    status: "ok" as const,
    checks: [
      { check: "fit" as const, status: "ok" as const, message: "Fits." },
      {
        check: "intelligibility" as const,
        status: intelligibility,
        message: intelligibility === "ok" ? "Heard." : reason,
      },
    ],
  });
  const report = (lines: ReturnType<typeof lineWith>[]) =>
    ({ lines, summary: { ok: lines.length, warn: 0, fail: 0 } }) as unknown as Parameters<
      typeof checksNotRun
    >[0];

  it("names a check skipped on lines, once, with why and on how many", () => {
    expect(checksNotRun(report([lineWith(0, "skipped"), lineWith(1, "skipped"), lineWith(2, "ok")]))).toEqual(
      [{ check: "intelligibility", what: "whether each line is heard as written", reason, lines: 2 }],
    );
  });

  it("says nothing when every check ran", () => {
    expect(checksNotRun(report([lineWith(0, "ok")]))).toEqual([]);
    expect(checksNotRun(null)).toEqual([]);
  });
});
