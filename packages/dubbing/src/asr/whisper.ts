import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { AsrEngine, AsrInput, AsrResult, Availability, Word } from "../engines/types.ts";
import { DubError } from "../errors.ts";
import { LANGUAGES } from "../languages.ts";
import { defaultConcurrency } from "../util/pool.ts";
import { runProcess } from "../util/proc.ts";

/**
 * Pure: words from whisper.cpp's JSON output (`-oj`) made with `-ml 1 -sow` (one word per segment):
 * `{"transcription":[{"offsets":{"from":0,"to":640},"text":" And"}, …]}`.
 */
export function parseWhisperJson(json: string): Word[] {
  const doc = JSON.parse(json) as {
    transcription?: { offsets?: { from: number; to: number }; text?: string }[];
  };
  const words: Word[] = [];
  for (const s of doc.transcription ?? []) {
    const text = (s.text ?? "").trim();
    if (!text || !s.offsets || /^\[.*\]$/.test(text)) continue;
    words.push({ text, start: s.offsets.from, end: s.offsets.to });
  }
  return words;
}

/**
 * whisper.cpp (`whisper-cli`), used when a model file is configured (WHISPER_MODEL). Multilingual
 * models serve every app language; `*.en` models English only.
 */
export function createWhisperEngine(opts: { model?: string; binary?: string } = {}): AsrEngine {
  const model = opts.model ?? "";
  const binary = opts.binary || "whisper-cli";
  const englishOnly = /\.en(\.|-|$)/.test(basename(model));
  return {
    id: "whisper.cpp",
    kind: "asr",
    label: "whisper.cpp",
    local: true,
    languages: englishOnly ? ["en"] : LANGUAGES.map((l) => l.code),
    capabilities: { wordTimes: true, speakerLabels: false },
    async available(): Promise<Availability> {
      if (!model)
        return {
          ok: false,
          reason: "no whisper.cpp model configured (set WHISPER_MODEL to a ggml model file)",
        };
      try {
        await access(model);
      } catch {
        return { ok: false, reason: `the whisper.cpp model file ${model} does not exist` };
      }
      try {
        await runProcess("sh", ["-c", `command -v ${binary}`]);
      } catch {
        return { ok: false, reason: `${binary} (whisper.cpp) is not installed` };
      }
      return { ok: true };
    },
    async transcribe(input: AsrInput): Promise<AsrResult> {
      const dir = await mkdtemp(join(tmpdir(), "dub-whisper-"));
      const threads = String(input.concurrency ?? defaultConcurrency());
      const lang = input.language === "cmn" ? "zh" : input.language;
      try {
        const out = join(dir, "out");
        const args = [
          "-m",
          model,
          "-f",
          input.wavFile,
          "-l",
          lang,
          "-t",
          threads,
          "-ml",
          "1",
          "-sow",
          "-oj",
          "-of",
          out,
          "-np",
        ];
        await runProcess(binary, args, { signal: input.signal });
        const words = parseWhisperJson(await readFile(`${out}.json`, "utf8"));
        input.onProgress?.(1);
        return { words, params: { model: basename(model), threads } };
      } catch (err) {
        if (err instanceof DubError) throw err;
        throw new DubError("engine_failed", `whisper.cpp failed: ${String(err)}`, { cause: err });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
