// Lines that fit: the 5-minute bench dialogue (flite awb + slt) translated into Spanish by an OpenAI
// stand-in (a local server speaking the chat completions wire format: it translates with Apertium, and
// answers a shorter rendering by keeping the words that fit in `max_chars`). Each Spanish line is spoken
// by espeak-ng; its speed = natural length / the time the fit allows it (slot and the silence before the
// next line, less 100 ms). Prints how many lines need more than 1.3× before and after the engine was asked
// for shorter renderings. Prints figures only.
//   node bench/pipeline/fit-lines.ts [--pause 700 --turn 1000] [--keep DIR]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { trimBounds } from "../../packages/dubbing/src/audio/dsp.ts";
import { parseWav, toMono } from "../../packages/dubbing/src/audio/wav.ts";
import { EngineRegistry } from "../../packages/dubbing/src/engines/registry.ts";
import { createOpenAiMtEngine } from "../../packages/dubbing/src/mt/openai.ts";
import { translate } from "../../packages/dubbing/src/pipeline/translate.ts";
import { makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { sendJson, startFakeServer } from "../../packages/dubbing/src/testing/fake-server.ts";
import { fitClip } from "../../packages/dubbing/src/timing/fit.ts";
import { fiveMinuteScript } from "./script.ts";

const { values } = parseArgs({
  options: {
    keep: { type: "string" },
    /** Pauses between lines (ms): the bench dialogue's 700/1000, or tighter, as in continuous speech. */
    pause: { type: "string", default: "700" },
    turn: { type: "string", default: "1000" },
  },
});
const dir = values.keep ?? mkdtempSync(join(tmpdir(), "dub-bench-fit-"));
mkdirSync(dir, { recursive: true });

function apertium(texts: string[]): string[] {
  const input = join(dir, "mt.in");
  writeFileSync(input, texts.join("\n\n"));
  execFileSync("apertium", ["-u", "eng-spa", input, join(dir, "mt.out")]);
  return readFileSync(join(dir, "mt.out"), "utf8")
    .split(/\n[ \t]*\n/)
    .map((t) => t.replace(/\s+/g, " ").trim());
}

/** The words of `text` that fit in `max` characters (at least the first word). */
const keepWords = (text: string, max: number) =>
  text.split(" ").reduce((out, w) => (out && `${out} ${w}`.length > max ? out : out ? `${out} ${w}` : w), "");

const server = await startFakeServer((req, res) => {
  const body = JSON.parse(req.body.toString()) as { messages: { content: string }[] };
  const input = JSON.parse(body.messages[1]!.content) as {
    segments?: { id: number; text: string }[];
    lines?: { id: number; translation: string; max_chars: number }[];
  };
  const translations = input.lines
    ? input.lines.map((l) => ({ id: l.id, text: keepWords(l.translation, l.max_chars) }))
    : apertium(input.segments!.map((s) => s.text)).map((text, k) => ({ id: k + 1, text }));
  sendJson(res, 200, {
    choices: [{ message: { content: JSON.stringify({ translations }) }, finish_reason: "stop" }],
  });
});

/** Natural length (ms) of `text` spoken by espeak-ng in Spanish, silence trimmed. */
function spokenMs(text: string, k: number): number {
  const wav = join(dir, `line-${k}.wav`);
  execFileSync("espeak-ng", ["-v", "es", "-w", wav, text]);
  const pcm = parseWav(readFileSync(wav));
  const mono = toMono(pcm);
  const b = trimBounds(mono, pcm.sampleRate, { padMs: 0 });
  return ((b.end - b.start) * 1000) / pcm.sampleRate;
}

const d = makeDialogue(dir, fiveMinuteScript(), {
  name: "five-minutes",
  pauseMs: Number(values.pause),
  turnMs: Number(values.turn),
});
const doc = {
  language: "en" as const,
  speakers: [
    { id: "awb", name: "A", selectedVoice: "v" },
    { id: "slt", name: "B", selectedVoice: "v" },
  ],
  transcript: d.truth.map((t) => ({ speaker: t.voice, text: t.text, start: t.start, end: t.end })),
};

/** Speeds the lines need, and how many need more than 1.3×. */
function measure(lines: { start: number; end: number; text: string }[]) {
  const clips = lines.map((l, k) => spokenMs(l.text, k));
  const speeds = lines.map((l, k) => {
    const clipMs = clips[k]!;
    const fit = fitClip({
      start: l.start,
      end: l.end,
      clipMs,
      nextStart: lines[k + 1]?.start ?? null,
      mediaEnd: d.durationMs,
    });
    return clipMs / Math.max(1, fit.limit - l.start);
  });
  const cps = lines.reduce((n, l) => n + l.text.length, 0) / (clips.reduce((n, c) => n + c, 0) / 1000);
  return { over: speeds.filter((s) => s > 1.3).length, max: Math.max(...speeds), cps };
}

const engine = createOpenAiMtEngine({ apiKey: "stand-in", baseUrl: server.url, model: "stand-in" });
const plain = new EngineRegistry().register({ ...engine, shorten: undefined });
const rewriting = new EngineRegistry().register(engine);
const before = await translate(doc, "es", { registry: plain, durationMs: d.durationMs });
const after = await translate(doc, "es", { registry: rewriting, durationMs: d.durationMs });
const b = measure(before.transcript);
const a = measure(after.transcript);
const shortened = after.transcript.filter((s) => s.shortenedFrom).length;
const chars = (t: { text: string }[]) => t.reduce((n, s) => n + s.text.length, 0);
console.log(
  `5-minute dialogue, ${doc.transcript.length} lines, ${(d.durationMs / 1000).toFixed(0)} s, pauses ${values.pause}/${values.turn} ms; Spanish by espeak-ng`,
);
console.log(`espeak-ng Spanish speaks             ${b.cps.toFixed(1)} chars/s (the budget assumes 14)`);
console.log(
  `lines over budget (estimate)        ${after.meta?.translation?.fit?.overLong ?? 0}, shortened ${shortened}`,
);
console.log(
  `lines needing > 1.3×  before        ${b.over} (slowest ×${b.max.toFixed(2)}, ${chars(before.transcript)} chars)`,
);
console.log(
  `lines needing > 1.3×  after         ${a.over} (slowest ×${a.max.toFixed(2)}, ${chars(after.transcript)} chars)`,
);
await server.close();
if (!values.keep) rmSync(dir, { recursive: true, force: true });
