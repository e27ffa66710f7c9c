// A dub's report card: per dubbed line the findings of each check and the line's worst status, and the
// count of lines per status. Every check is a pure function of what the dub measured (checks/*.ts); the
// shell that gathers those measures is run.ts.
import type { GlossaryMiss } from "../mt/glossary.ts";

export const CHECK_NAMES = [
  "fit",
  "untranslated",
  "meaning",
  "glossary",
  "original-voice",
  "music",
  "clipping",
  "loudness",
  "intelligibility",
  "pitch",
  "speaker",
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** "skipped": the check could not run for this line (the message says why); it never counts as ok. */
export type CheckStatus = "ok" | "warn" | "fail" | "skipped";
export type LineStatus = "ok" | "warn" | "fail";

export interface Finding {
  check: CheckName;
  status: CheckStatus;
  /** In plain words, for the creator. */
  message: string;
  /** The measure the status was decided on (its unit is in the check's documentation). */
  value?: number;
  /** The speaker check: the speaker whose voice the line sounds like (the fix moves it to them). */
  speaker?: string;
}

export interface LineCard {
  /** Index in the transcript. */
  index: number;
  status: LineStatus;
  checks: Finding[];
}

export interface ReportCard {
  lines: LineCard[];
  summary: Record<LineStatus, number>;
}

const RANK: Record<CheckStatus, number> = { skipped: 0, ok: 0, warn: 1, fail: 2 };

/** Pure: a line's status, the worst of its findings (skipped ones do not count). */
export function lineStatus(findings: readonly Finding[]): LineStatus {
  const worst = findings.reduce((m, f) => Math.max(m, RANK[f.status]), 0);
  return worst === 2 ? "fail" : worst === 1 ? "warn" : "ok";
}

/** Pure: the card from each line's findings. */
export function reportCard(lines: readonly { index: number; checks: Finding[] }[]): ReportCard {
  const cards = lines.map((l) => ({ index: l.index, status: lineStatus(l.checks), checks: l.checks }));
  const summary = { ok: 0, warn: 0, fail: 0 };
  for (const c of cards) summary[c.status]++;
  return { lines: cards, summary };
}

/** Pure: the status of a measure against its warn and fail thresholds (higher is worse). */
export function grade(value: number, warnAt: number, failAt: number): CheckStatus {
  return value >= failAt ? "fail" : value >= warnAt ? "warn" : "ok";
}

export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** What the translation tells the text checks (all optional: a dub of a typed transcript has none). */
export interface TextContext {
  /** The original lines, by transcript index. */
  sources?: readonly (string | undefined)[];
  sourceLanguage?: string;
  route?: readonly string[];
  glossaryMisses?: readonly GlossaryMiss[];
  /** Words the translator did not know, by transcript index. */
  unknownWords?: Readonly<Record<number, readonly string[]>>;
  /** The dubbed lines translated back into the original's language (by transcript index), or why not. */
  back?: { texts: Readonly<Record<number, string>>; skipped?: string };
}
