#!/usr/bin/env node
// The `dub` CLI: a thin shell over the library. Progress on stderr, results in files.
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { parseDoc, type TranscriptDoc } from "../doc.ts";
import { engineOptionsFromEnv } from "../engines/options.ts";
import type { EngineRegistry } from "../engines/registry.ts";
import { DubError } from "../errors.ts";
import { isLanguageCode, isSpokenLanguage, type LanguageCode, type SpokenLanguage } from "../languages.ts";
import { MediaError } from "../media/errors.ts";
import { ModelError } from "../models/store.ts";
import type { Progress } from "../pipeline/common.ts";
import { type DubOptions, type DubResult, dub } from "../pipeline/dub.ts";
import { transcribe } from "../pipeline/transcribe.ts";
import { translate } from "../pipeline/translate.ts";
import { readStems } from "../separate/stems.ts";
import { VOICES } from "../voices/catalog.ts";
import { createDefaultRegistry } from "../wiring/default.ts";
import { type CardMode, type Command, exitCodeFor, parseCommand, QUICK_CARD, UsageError } from "./args.ts";
import { runModels } from "./models.ts";
import { reusableStems, stemsDirBeside, stemsRecord } from "./stems.ts";

const err = process.stderr;

function progress(label: string): (p: Progress) => void {
  let lastShown = -1;
  return (p) => {
    const pct = Math.floor(p.fraction * 100);
    if (err.isTTY) err.write(`\r${label}: ${p.stage} ${pct}%   `);
    else if (pct >= lastShown + 10 || pct === 100) {
      err.write(`${label}: ${p.stage} ${pct}%\n`);
      lastShown = pct;
    }
    if (err.isTTY && pct === 100) err.write("\n");
  };
}

async function readDoc(file: string): Promise<TranscriptDoc> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new MediaError("not_found", `file not found: ${file}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DubError("invalid_document", `${file} is not JSON`);
  }
  return parseDoc(json);
}

function lang(code: string): LanguageCode {
  if (!isLanguageCode(code)) throw new DubError("unsupported_language", `unsupported language "${code}"`);
  return code;
}

/** The spoken language: an app language, or "detect" (a multilingual model finds it). */
function spokenLang(code: string): SpokenLanguage {
  if (!isSpokenLanguage(code)) throw new DubError("unsupported_language", `unsupported language "${code}"`);
  return code;
}

async function writeJson(file: string, v: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(v, null, 2)}\n`);
}

/**
 * The render's report card as the command line asks: the video is written first and stderr says so, then
 * the card's checks run (the full card hears every line back; a quick one hears none and says so on each).
 */
function cardOptions(card: CardMode): Pick<DubOptions, "cardAfterVideo" | "hearBack" | "onVideo"> {
  const started = performance.now();
  return {
    cardAfterVideo: true,
    ...(card === "quick" && { hearBack: { skipped: QUICK_CARD } }),
    onVideo: (files) => {
      if (err.isTTY) err.write("\n");
      const subs = [files.srt, files.vtt].filter((f) => f !== null).map((f) => basename(f));
      err.write(
        `video written in ${((performance.now() - started) / 1000).toFixed(1)} s: ${[files.mp4, ...subs].join(", ")}\n`,
      );
      err.write(`report card: checking the lines${card === "full" ? ", hearing them back" : ""}…\n`);
    },
  };
}

/** The render's last words: the report and what its card found (and did not check). */
function rendered(r: DubResult): void {
  const { summary, lines = [] } = r.report;
  const notHeard = lines.filter((l) =>
    l.checks.some((c) => c.check === "intelligibility" && c.status === "skipped"),
  ).length;
  const card = summary
    ? ` (report card: ${summary.ok} ok, ${summary.warn} warn, ${summary.fail} fail` +
      `${notHeard ? `; ${notHeard} line(s) not heard back` : ""})`
    : "";
  err.write(`report written: ${r.reportFile}${card}\n`);
}

async function execute(cmd: Command, signal: AbortSignal, registry: EngineRegistry): Promise<void> {
  // fail before the long work when the output cannot be written
  if ("output" in cmd) await mkdir(dirname(cmd.output), { recursive: true });
  switch (cmd.kind) {
    case "help":
      process.stdout.write(`${cmd.text}\n`);
      return;
    case "voices":
      for (const v of VOICES) process.stdout.write(`${v.value}\t${v.name}\t${v.gender}\n`);
      return;
    case "engines": {
      const support = await registry.support();
      for (const s of support)
        process.stdout.write(
          `${s.code.padEnd(4)} ${s.name.padEnd(17)} asr: ${s.asr.join(",") || "-"}  tts: ${s.tts.join(",") || "-"}  translate from: ${
            s.translateFrom
              .map((r) => `${r.from}${r.route.length > 2 ? ` (via ${r.route.slice(1, -1).join(",")})` : ""}`)
              .join(" ") || "-"
          }\n`,
        );
      return;
    }
    case "models":
      await runModels(cmd, signal);
      return;
    case "transcribe": {
      const stemsDir = stemsDirBeside(cmd.output);
      const doc = await transcribe(cmd.video, {
        language: spokenLang(cmd.language),
        speakers: cmd.speakers,
        registry,
        stemsDir,
        signal,
        onProgress: progress("transcribe"),
      });
      // the render reuses them (only stems that were made: a failed separation leaves speech.json alone)
      if (await readStems(stemsDir))
        doc.meta = { ...doc.meta, stems: await stemsRecord(stemsDir, cmd.video) };
      await writeJson(cmd.output, doc);
      err.write(`${doc.transcript.length} segments, ${doc.speakers.length} speakers → ${cmd.output}\n`);
      return;
    }
    case "translate": {
      const doc = await readDoc(cmd.input);
      const out = await translate(doc, lang(cmd.to), { registry, signal, onProgress: progress("translate") });
      await writeJson(cmd.output, out);
      err.write(`${out.meta?.translation?.route.join(" → ")} → ${cmd.output}\n`);
      return;
    }
    case "render": {
      const doc = await readDoc(cmd.input);
      const r = await dub(cmd.video, doc, {
        output: cmd.output,
        workDir: cmd.workDir,
        stemsDir: reusableStems(
          doc.meta?.stems,
          cmd.video,
          (await stat(cmd.video).catch(() => null))?.size ?? -1,
        ),
        background: cmd.background,
        registry,
        signal,
        onProgress: progress("render"),
        ...cardOptions(cmd.card),
      });
      rendered(r);
      if (r.report.totals.tooLong)
        err.write(`${r.report.totals.tooLong} segment(s) too long for their slot\n`);
      return;
    }
    case "run": {
      const to = lang(cmd.to);
      const base = cmd.output.replace(/\.mp4$/i, "");
      // separated once, for recognition and for the render
      const stemsDir = stemsDirBeside(`${base}.transcript.json`);
      const doc = await transcribe(cmd.video, {
        language: spokenLang(cmd.language),
        speakers: cmd.speakers,
        registry,
        stemsDir,
        signal,
        onProgress: progress("transcribe"),
      });
      await writeJson(`${base}.transcript.json`, doc);
      const tr = await translate(doc, to, { registry, signal, onProgress: progress("translate") });
      await writeJson(`${base}.${to}.json`, tr);
      const r = await dub(cmd.video, tr, {
        output: cmd.output,
        workDir: cmd.workDir,
        stemsDir,
        background: cmd.background,
        registry,
        signal,
        onProgress: progress("render"),
        ...cardOptions(cmd.card),
      });
      rendered(r);
      return;
    }
  }
}

async function main(): Promise<number> {
  const ac = new AbortController();
  process.once("SIGINT", () => ac.abort());
  process.once("SIGTERM", () => ac.abort());
  let cmd: Command;
  try {
    cmd = parseCommand(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      err.write(`dub: ${e.message}\n\n${e.usage}\n`);
      return 2;
    }
    throw e;
  }
  try {
    // the one place the CLI reads engine variables (the library never does)
    await execute(cmd, ac.signal, createDefaultRegistry(engineOptionsFromEnv()));
    return 0;
  } catch (e) {
    if (e instanceof ModelError) {
      err.write(`dub: ${e.message}\n`);
      return 1;
    }
    if (e instanceof DubError || e instanceof MediaError) {
      if (err.isTTY) err.write("\n");
      err.write(`dub: ${e.message}\n`);
      return exitCodeFor(e.code);
    }
    const sys = e as NodeJS.ErrnoException;
    if (sys && typeof sys.code === "string" && typeof sys.path === "string") {
      err.write(`dub: cannot ${sys.syscall ?? "use"} ${sys.path}: ${sys.code}\n`);
      return 1;
    }
    err.write(`dub: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}

process.exitCode = await main();
