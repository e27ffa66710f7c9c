import type { TranscriptDoc } from "../doc.ts";
import type { EngineRegistry } from "../engines/registry.ts";
import type { MtEngine, TermPair } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { isLanguageCode, type LanguageCode } from "../languages.ts";
import { overLongLines } from "../mt/fit-lines.ts";
import { type GlossaryEntry, glossaryFor, glossaryMisses } from "../mt/glossary.ts";
import { shortenerOf } from "../mt/shorten-line.ts";
import { createDefaultRegistry } from "../wiring/default.ts";
import { type CommonOptions, progressReporter, since } from "./common.ts";

export interface TranslateOptions extends CommonOptions {
  /** Preferred MT engine id. */
  mtEngine?: string;
  /** Terms to keep and term pairs; those for the target language are passed to the engine. */
  glossary?: readonly GlossaryEntry[];
  /** The media's end (ms): the last line may use the silence up to it. */
  durationMs?: number;
}

/**
 * Transcript → the same transcript in another language: segment by segment, timing and speakers kept,
 * the engine and route recorded in meta.translation. Empty segments stay empty. With a glossary, the
 * segments whose term did not survive are listed in meta.translation.glossaryMisses.
 * Errors: DubError unsupported_language, no_engine (no engine or route for the pair), aborted.
 */
export async function translate(
  doc: TranscriptDoc,
  to: string,
  opts: TranslateOptions = {},
): Promise<TranscriptDoc> {
  if (!isLanguageCode(to)) throw new DubError("unsupported_language", `unsupported language "${to}"`);
  const from = doc.language;
  const target = to as LanguageCode;
  const report = progressReporter({ translate: 1 }, opts.onProgress);
  const t = performance.now();
  if (from === target || (from === "zh" && target === "cmn") || (from === "cmn" && target === "zh")) {
    report("translate", 1);
    return { ...structuredClone(doc), language: target };
  }
  const registry = opts.registry ?? createDefaultRegistry();
  const { engine } = await registry.pickMt(from, target, opts.mtEngine);
  const texts = doc.transcript.map((s) => s.text);
  const glossary = glossaryFor(opts.glossary ?? [], target);
  const nonEmpty = texts.map((x, i) => ({ x, i })).filter((e) => e.x.trim() !== "");
  const result = nonEmpty.length
    ? await engine.translate(
        nonEmpty.map((e) => e.x),
        from,
        target,
        { signal: opts.signal, onProgress: (f) => report("translate", f), glossary },
      )
    : { texts: [], route: [from, target], params: {} };
  if (result.texts.length !== nonEmpty.length)
    throw new DubError(
      "engine_failed",
      `${engine.id} returned ${result.texts.length} texts for ${nonEmpty.length}`,
    );
  const out = texts.map(() => "");
  nonEmpty.forEach((e, k) => {
    out[e.i] = result.texts[k] ?? "";
  });
  const rewriter = await rewriterFor(registry, engine, { from, to: target });
  const fit = await shortenLongLines(rewriter, doc, out, {
    to: target,
    glossary,
    durationMs: opts.durationMs,
    signal: opts.signal,
  });
  report("translate", 1);
  return {
    language: target,
    speakers: doc.speakers.map((s) => ({ ...s })),
    transcript: doc.transcript.map((s, i) => ({
      ...s,
      text: out[i]!,
      ...(fit.shortenedFrom[i] !== undefined && { shortenedFrom: fit.shortenedFrom[i] }),
    })),
    meta: {
      ...(doc.meta?.durationMs !== undefined ? { durationMs: doc.meta.durationMs } : {}),
      ...(doc.meta?.stems ? { stems: doc.meta.stems } : {}),
      translation: {
        id: engine.id,
        from,
        to: target,
        route: result.route,
        params: result.params,
        ...(glossary.length && { glossaryMisses: glossaryMisses(texts, out, glossary) }),
        ...(result.unknownWords && {
          unknownWords: Object.fromEntries(
            Object.entries(result.unknownWords).map(([k, words]) => [nonEmpty[Number(k)]!.i, words]),
          ),
        }),
        ...(fit.overLong > 0 && {
          fit: { overLong: fit.overLong, shortened: fit.shortenedFrom.filter(Boolean).length },
        }),
      },
      timings: { translate: since(t) },
    },
  };
}

/**
 * The engine that rewrites lines too long to be spoken in their time: the translator itself when it can,
 * else any available engine that can (a configured OpenAI-compatible server behind an offline translator).
 */
async function rewriterFor(
  registry: EngineRegistry,
  translator: MtEngine,
  pair: { from: LanguageCode; to: LanguageCode },
): Promise<MtEngine> {
  return (await shortenerOf(registry, translator, pair)) ?? translator;
}

/**
 * Lines that fit: the translated lines that would need more than the fit's 1.3× in their time are asked
 * once more of an engine that can rewrite, within a character budget from the slot, the silence before
 * the next line and the language's speaking rate. A rendering is taken only when it is shorter; the first
 * one is kept as `shortenedFrom`. Engines that cannot rewrite leave the lines (the dub flags them).
 */
async function shortenLongLines(
  engine: MtEngine,
  doc: TranscriptDoc,
  out: string[],
  {
    to,
    glossary,
    durationMs,
    signal,
  }: { to: LanguageCode; glossary: TermPair[]; durationMs?: number; signal?: AbortSignal },
): Promise<{ overLong: number; shortenedFrom: (string | undefined)[] }> {
  const shortenedFrom: (string | undefined)[] = out.map(() => undefined);
  const lines = doc.transcript.map((s, i) => ({ start: s.start, end: s.end, text: out[i]! }));
  const long = overLongLines(lines, to, { mediaEnd: durationMs ?? doc.meta?.durationMs });
  if (long.length === 0 || !engine.shorten) return { overLong: long.length, shortenedFrom };
  const items = long.map(({ index, budget }) => ({
    source: doc.transcript[index]!.text,
    text: out[index]!,
    budget,
  }));
  const shorter = await engine.shorten(items, doc.language, to, { signal, glossary });
  long.forEach(({ index }, k) => {
    const text = shorter[k]?.trim() ?? "";
    if (text && text.length < out[index]!.trim().length) {
      shortenedFrom[index] = out[index];
      out[index] = text;
    }
  });
  return { overLong: long.length, shortenedFrom };
}
