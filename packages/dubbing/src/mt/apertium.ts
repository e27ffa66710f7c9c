import { randomUUID } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Availability, MtEngine, MtOptions, MtResult, Pair } from "../engines/types.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import type { LanguageCode } from "../languages.ts";
import { isLanguageCode } from "../languages.ts";
import { runProcess } from "../util/proc.ts";
import { markedWords, unmark } from "./apertium-marks.ts";
import { protectTerms } from "./glossary.ts";
import { type Edge, findRoute } from "./routes.ts";

/** The apertium binary and its language pairs when no others are configured. */
const APERTIUM = "apertium";
export const APERTIUM_MODES_DIR = "/usr/share/apertium/modes";

/** ISO 639-3 / 639-1 codes used by Apertium mode names → our codes ("ca" is a pivot, not an app language). */
const CODE = new Map(
  Object.entries({
    eng: "en",
    en: "en",
    spa: "es",
    es: "es",
    fra: "fr",
    fr: "fr",
    por: "pt",
    pt: "pt",
    ita: "it",
    it: "it",
    cat: "ca",
    ca: "ca",
    deu: "de",
    nld: "nl",
    swe: "sv",
    rus: "ru",
    pol: "pl",
    hin: "hi",
    ara: "ar",
    tur: "tr",
    ell: "el",
    heb: "he",
  }),
);

/** Mode variants preferred for our languages (Brazilian Portuguese, US English). */
const PREFERRED_VARIANT = new Map([
  ["pt", "BR"],
  ["en", "US"],
]);

/**
 * Pure: the directed edges served by a list of installed Apertium mode names. Plain modes ("eng-spa")
 * are used, or the preferred variant ("es-pt_BR", "spa-eng_US") when installed; other variants
 * (Valencian, spelling reforms) and non-pair modes are ignored.
 */
export function edgesFromModes(modes: string[]): Edge[] {
  const edges = new Map<string, Edge>();
  for (const m of modes) {
    const r = /^([a-z]{2,3})-([a-z]{2,3})(?:_([A-Za-z]+))?$/.exec(m);
    if (!r) continue;
    const from = CODE.get(r[1]!);
    const to = CODE.get(r[2]!);
    if (!from || !to) continue;
    const variant = r[3];
    if (variant && PREFERRED_VARIANT.get(to) !== variant) continue;
    const key = `${from}>${to}`;
    const have = edges.get(key);
    if (!have || (variant && PREFERRED_VARIANT.get(to) === variant)) edges.set(key, { from, to, mode: m });
  }
  return [...edges.values()].sort((a, b) => a.mode.localeCompare(b.mode));
}

/** Pure: joins segments for one Apertium run; blank lines survive translation as separators. */
export function joinForApertium(texts: string[]): string {
  return texts.map((t) => t.replace(/\s+/g, " ").trim() || ".").join("\n\n");
}

export function splitFromApertium(out: string, expected: number, texts: string[]): string[] | null {
  const parts = out
    .replace(/\r/g, "")
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim());
  while (parts.length > expected && parts.at(-1) === "") parts.pop();
  if (parts.length !== expected) return null;
  return parts.map((p, i) => (texts[i]!.trim() ? p : ""));
}

/** Apertium (rule-based), with routes through Spanish where no direct pair is installed. */
export function createApertiumEngine(opts: { modesDir?: string; binary?: string } = {}): MtEngine {
  const dir = opts.modesDir || APERTIUM_MODES_DIR;
  const apertium = opts.binary || APERTIUM;
  let edgesP: Promise<Edge[]> | undefined;
  const edges = () => {
    edgesP ??= readdir(dir)
      .then((files) => edgesFromModes(files.filter((f) => f.endsWith(".mode")).map((f) => f.slice(0, -5))))
      .catch(() => []);
    return edgesP;
  };
  // apertium reopens /dev/stdin and /dev/stdout, which fails on node's socket pipes: use files
  const run = async (text: string, mode: string, signal?: AbortSignal): Promise<string> => {
    const base = join(tmpdir(), `dub-apertium-${randomUUID()}`);
    try {
      await writeFile(`${base}.in`, text);
      await runProcess(apertium, [mode, `${base}.in`, `${base}.out`], { signal });
      return await readFile(`${base}.out`, "utf8");
    } finally {
      await rm(`${base}.in`, { force: true });
      await rm(`${base}.out`, { force: true });
    }
  };
  const runHop = async (texts: string[], mode: string, signal?: AbortSignal): Promise<string[]> => {
    const split = splitFromApertium(await run(joinForApertium(texts), mode, signal), texts.length, texts);
    if (split) return split;
    // the separators did not survive: translate one by one
    const one: string[] = [];
    for (const t of texts) one.push(t.trim() ? (await run(t, mode, signal)).replace(/\s+/g, " ").trim() : "");
    return one;
  };
  return {
    id: "apertium",
    kind: "mt",
    label: "Apertium",
    local: true,
    async available(): Promise<Availability> {
      const e = await edges();
      if (e.length === 0) return { ok: false, reason: `no Apertium language pair installed in ${dir}` };
      try {
        await runProcess("sh", ["-c", `command -v ${apertium}`]);
        return { ok: true };
      } catch {
        return { ok: false, reason: "apertium is not installed (Debian package apertium)" };
      }
    },
    async pairs(): Promise<Pair[]> {
      return (await edges())
        .filter((e) => isLanguageCode(e.from) && isLanguageCode(e.to))
        .map((e) => ({ from: e.from as LanguageCode, to: e.to as LanguageCode }));
    },
    async route(from, to) {
      const f = from === "cmn" ? "zh" : from;
      const t = to === "cmn" ? "zh" : to;
      const r = findRoute(await edges(), f, t, { pivot: "es" });
      return r && r.length > 1 ? r : null;
    },
    async translate(texts: string[], from, to, o: MtOptions = {}): Promise<MtResult> {
      const all = await edges();
      const route = findRoute(all, from, to, { pivot: "es" });
      if (!route || route.length < 2)
        throw new DubError("no_engine", `Apertium has no route from ${from} to ${to}`);
      // Apertium has no glossary: terms travel as placeholders it keeps (as unknown words) through every
      // hop, and the wanted target terms are put back at the end.
      const glossary = protectTerms(texts, o.glossary ?? []);
      let cur = glossary.texts;
      const modes: string[] = [];
      // the words each hop marked as unknown, by line; the next hop gets them without their marks
      const unknown = texts.map(() => new Set<string>());
      for (let i = 1; i < route.length; i++) {
        throwIfAborted(o.signal);
        const edge = all.find((e) => e.from === route[i - 1] && e.to === route[i])!;
        modes.push(edge.mode);
        const marked = await runHop(cur, edge.mode, o.signal);
        marked.forEach((t, k) => {
          for (const w of markedWords(t)) unknown[k]!.add(w);
        });
        cur = marked.map(unmark);
        o.onProgress?.(i / (route.length - 1));
      }
      const unknownWords = Object.fromEntries(
        unknown.flatMap((words, k) => (words.size ? [[k, [...words]]] : [])),
      );
      return {
        texts: glossary.restore(cur),
        route,
        ...(Object.keys(unknownWords).length && { unknownWords }),
        params: {
          modes,
          unknownWords: "marked by Apertium, reported by line",
          ...(o.glossary?.length && { glossary: `${o.glossary.length} terms as placeholders` }),
        },
      };
    },
  };
}
