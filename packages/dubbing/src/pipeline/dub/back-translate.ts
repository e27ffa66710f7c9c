// The report card's meaning check reads each dubbed line translated back into the original's language
// (checks/meaning.ts). Started beside the mix with the clips' other measures; the engine that made the
// translation is asked first, then any that serves the pair. Without an engine, or when it fails, the
// card says why and checks the line's language alone: a back-translation never costs the dub.
import type { PlannedSegment } from "../../doc.ts";
import type { EngineRegistry } from "../../engines/registry.ts";
import { baseLanguage, isLanguageCode, type LanguageCode, languageName } from "../../languages.ts";

export interface BackTranslation {
  /** Each line translated back, by transcript index. */
  texts: Record<number, string>;
  /** The engine that translated back. */
  engine?: string;
  /** Why there are none. */
  skipped?: string;
}

export async function backTranslate(b: {
  registry: EngineRegistry;
  segments: readonly PlannedSegment[];
  /** The dub's language. */
  language: LanguageCode;
  /** The original's language. */
  to: string | undefined;
  /** The engine that made the translation. */
  prefer?: string;
  signal?: AbortSignal;
}): Promise<BackTranslation> {
  const to = b.to;
  if (!to || !isLanguageCode(to)) return { texts: {}, skipped: "the original's language is not known" };
  if (baseLanguage(to) === baseLanguage(b.language))
    return { texts: {}, skipped: "the original is in the same language" };
  const lines = b.segments.filter((s) => s.text.trim());
  if (!lines.length) return { texts: {} };
  const pair = `${languageName(b.language)} into ${languageName(to)}`;
  try {
    const { engine } = await b.registry.pickMt(b.language, to, b.prefer);
    b.signal?.throwIfAborted();
    const r = await engine.translate(
      lines.map((l) => l.text),
      b.language,
      to,
      { signal: b.signal },
    );
    return { texts: Object.fromEntries(lines.map((l, i) => [l.index, r.texts[i] ?? ""])), engine: engine.id };
  } catch (err) {
    if (b.signal?.aborted) throw err;
    const why =
      err instanceof Error && /no MT engine/.test(err.message)
        ? "no engine translates"
        : "could not translate";
    return { texts: {}, skipped: `${why} ${pair}` };
  }
}
