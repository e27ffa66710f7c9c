import { DubError } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { baseLanguage, LANGUAGES, languageName } from "../languages.ts";
import type {
  AsrEngine,
  Availability,
  DiarizationEngine,
  Engine,
  EngineKind,
  MtEngine,
  SeparationEngine,
  TtsEngine,
} from "./types.ts";

type ByKind = {
  asr: AsrEngine;
  diarization: DiarizationEngine;
  mt: MtEngine;
  tts: TtsEngine;
  separation: SeparationEngine;
};

/** What can serve one app language right now. */
export interface LanguageSupport {
  code: LanguageCode;
  name: string;
  /** ASR engines able to transcribe speech in this language. */
  asr: string[];
  /** TTS engines able to speak it. */
  tts: string[];
  /** Source languages it can be translated from, with the route. */
  translateFrom: { from: LanguageCode; engine: string; route: string[] }[];
}

/**
 * Holds the engines of each kind, in order of preference. Availability is probed once per engine
 * (binaries and models do not appear mid-run) and picks skip unavailable engines with their reason.
 */
export class EngineRegistry {
  #engines: Engine[] = [];
  #avail = new Map<string, Promise<Availability>>();

  register(engine: Engine): this {
    if (this.#engines.some((e) => e.kind === engine.kind && e.id === engine.id))
      throw new Error(`engine ${engine.kind}/${engine.id} registered twice`);
    this.#engines.push(engine);
    return this;
  }

  list<K extends EngineKind>(kind: K): ByKind[K][] {
    return this.#engines.filter((e) => e.kind === kind) as ByKind[K][];
  }

  get<K extends EngineKind>(kind: K, id: string): ByKind[K] | undefined {
    return this.list(kind).find((e) => e.id === id);
  }

  availability(engine: Engine): Promise<Availability> {
    const key = `${engine.kind}/${engine.id}`;
    let p = this.#avail.get(key);
    if (!p) {
      p = engine.available().catch((err: unknown) => ({ ok: false, reason: String(err) }));
      this.#avail.set(key, p);
    }
    return p;
  }

  async #pick<K extends EngineKind>(
    kind: K,
    what: string,
    serves: (e: ByKind[K]) => Promise<boolean> | boolean,
    prefer?: string,
  ): Promise<ByKind[K]> {
    const all = this.list(kind);
    const ordered = prefer
      ? [...all.filter((e) => e.id === prefer), ...all.filter((e) => e.id !== prefer)]
      : all;
    const why: string[] = [];
    for (const e of ordered) {
      const a = await this.availability(e);
      if (!a.ok) {
        why.push(`${e.id}: ${a.reason ?? "unavailable"}`);
        continue;
      }
      if (await serves(e)) return e;
      why.push(`${e.id}: does not serve ${what}`);
    }
    throw new DubError(
      "no_engine",
      `no ${kind.toUpperCase()} engine for ${what}${why.length ? ` (${why.join("; ")})` : " (none registered)"}`,
    );
  }

  pickAsr(language: LanguageCode, prefer?: string): Promise<AsrEngine> {
    return this.#pick(
      "asr",
      languageName(language),
      (e) => e.languages.includes(baseLanguage(language)),
      prefer,
    );
  }

  /** The first available engine that can find the spoken language itself. */
  pickAsrDetecting(prefer?: string): Promise<AsrEngine> {
    return this.#pick("asr", "language detection", (e) => e.detectsLanguage === true, prefer);
  }

  pickTts(language: LanguageCode, prefer?: string): Promise<TtsEngine> {
    return this.#pick("tts", languageName(language), (e) => e.languages.includes(language), prefer);
  }

  /** The first available voice/background separation engine (cloud, demucs, then the offline one). */
  pickSeparation(prefer?: string): Promise<SeparationEngine> {
    return this.#pick("separation", "voice and background", () => true, prefer);
  }

  pickDiarization(prefer?: string): Promise<DiarizationEngine> {
    return this.#pick("diarization", "speakers", () => true, prefer);
  }

  async pickMt(
    from: LanguageCode,
    to: LanguageCode,
    prefer?: string,
  ): Promise<{ engine: MtEngine; route: string[] }> {
    let route: string[] | null = null;
    const engine = await this.#pick(
      "mt",
      `${languageName(from)} → ${languageName(to)}`,
      async (e) => {
        route = await e.route(from, to);
        return route !== null;
      },
      prefer,
    );
    return { engine, route: route as unknown as string[] };
  }

  /** Per app language, which engines can serve it right now (for the app's language picker). */
  async support(): Promise<LanguageSupport[]> {
    const ok = async <E extends Engine>(es: E[]) => {
      const r: E[] = [];
      for (const e of es) if ((await this.availability(e)).ok) r.push(e);
      return r;
    };
    const asr = await ok(this.list("asr"));
    const tts = await ok(this.list("tts"));
    const mt = await ok(this.list("mt"));
    const out: LanguageSupport[] = [];
    for (const { code, name } of LANGUAGES) {
      const translateFrom: LanguageSupport["translateFrom"] = [];
      for (const { code: from } of LANGUAGES) {
        if (from === code) continue;
        for (const e of mt) {
          const route = await e.route(from, code);
          if (route) {
            translateFrom.push({ from, engine: e.id, route });
            break;
          }
        }
      }
      out.push({
        code,
        name,
        asr: asr.filter((e) => e.languages.includes(baseLanguage(code))).map((e) => e.id),
        tts: tts.filter((e) => e.languages.includes(code)).map((e) => e.id),
        translateFrom,
      });
    }
    return out;
  }
}
