// "Shorten" on one line of a dub's report card: the line rewritten by an engine that can rewrite, within
// the characters its time holds at a comfortable pace. No such engine offline: the creator edits the line.
import type { EngineRegistry } from "../engines/registry.ts";
import type { MtEngine } from "../engines/types.ts";
import type { LanguageCode } from "../languages.ts";
import { lineBudget, type Slot } from "./fit-lines.ts";
import { type GlossaryEntry, glossaryFor } from "./glossary.ts";

/** A line shortened is aimed at this speed (the plan's comfortable pace), not at the fit's limit. */
const SHORTEN_AT_SPEED = 1.1;

/**
 * The first available engine that can rewrite a line shorter (`preferred` when it can), or null. With a
 * pair, only an engine that rewrites that pair (a neural model rewrites its own directions only); without,
 * only one that rewrites every pair it translates.
 */
export async function shortenerOf(
  registry: EngineRegistry,
  preferred?: MtEngine,
  pair?: { from: LanguageCode; to: LanguageCode },
): Promise<MtEngine | null> {
  const can = async (e: MtEngine) =>
    !!e.shorten && (!e.rewrites || (!!pair && (await e.rewrites(pair.from, pair.to))));
  if (preferred && (await can(preferred))) return preferred;
  for (const e of registry.list("mt")) if ((await can(e)) && (await registry.availability(e)).ok) return e;
  return null;
}

/**
 * Line `index` of `lines` (translated text, slots) rewritten shorter from its `source`; null when the
 * engine's rendering is not shorter.
 */
export interface ShortenLineOptions {
  languages: { from: LanguageCode; to: LanguageCode };
  mediaEnd?: number;
  glossary?: GlossaryEntry[];
  signal?: AbortSignal;
}

export async function shortenLine(
  engine: MtEngine,
  lines: readonly (Slot & { text: string })[],
  { index, source }: { index: number; source: string },
  opts: ShortenLineOptions,
): Promise<string | null> {
  const { languages } = opts;
  const line = lines[index];
  if (!line || !engine.shorten) return null;
  const text = line.text.trim();
  const budget = Math.min(
    text.length - 1,
    lineBudget(lines, index, languages.to, { mediaEnd: opts.mediaEnd, maxSpeed: SHORTEN_AT_SPEED }),
  );
  if (budget <= 0) return null;
  const [out] = await engine.shorten([{ source, text, budget }], languages.from, languages.to, {
    signal: opts.signal,
    glossary: glossaryFor(opts.glossary ?? [], languages.to),
  });
  const shorter = out?.trim() ?? "";
  return shorter && shorter.length < text.length ? shorter : null;
}
