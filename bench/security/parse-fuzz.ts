// Fuzzes the subtitle reader the upload and import routes run (decode, parse, speakers): a few thousand
// generated SRT/WebVTT files and mutations of them (byte flips, duplicated lines, truncation, huge cues,
// deep tags, hostile runs spliced in), then pathological files up to the 2 MiB limit (runs of `<`, `{\`,
// `<v `, `<v.`, `-->`, spaces, a padded time line, twenty thousand speaker names), one long line and as
// many lines of 9,000 characters. Prints, for the parser of today and for a copy of the one before it
// (kept below, side by side): files tried, refused/accepted, the worst time and the worst time per MB.
// The old parser backtracks quadratically: it reads the pathological files only up to `oldMaxKiB`, and
// the 2 MiB time it would take is extrapolated from its largest one.
// Usage: node bench/security/parse-fuzz.ts [files=3000] [seed=11] [oldMaxKiB=64]
import {
  decodeSubtitles,
  MAX_SUBTITLE_BYTES,
  parseSubtitles,
  SubtitleError,
  speakersFromCues,
} from "../../packages/dubbing/src/index.ts";
import { timestamp } from "../../packages/dubbing/src/subtitles/subtitles.ts";

const files = Number(process.argv[2] ?? 3000);
const seed = Number(process.argv[3] ?? 11);
const oldMaxBytes = Number(process.argv[4] ?? 64) * 1024;
const line = (label: string, value: string | number) => console.log(`${label.padEnd(44)} ${value}`);

let x = seed;
const rnd = (n: number) => {
  x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
  return x % n;
};
const pick = <T>(list: readonly T[]) => list[rnd(list.length)]!;

const NAMES = ["Ana", "Ben", "Dr. Jones", "María José", "O'Neil", "李"];
const WORDS = ["hello", "there", "quiet", "now", "10:30", "&amp;", "&lt;b&gt;", "¿qué?", "Ünïcödé", "…"];

/** A valid SRT or WebVTT file of `cues` cues with tags, voices, speakers, entities and settings. */
function generated(cues: number): string {
  const vtt = rnd(2) === 0;
  const out: string[] = vtt ? [`WEBVTT${rnd(2) ? " - title" : ""}`, ""] : [];
  if (vtt && rnd(3) === 0)
    out.push("NOTE a comment", "over two lines", "", "STYLE", "::cue { color: red }", "");
  let at = rnd(2000);
  for (let i = 0; i < cues; i++) {
    const start = at;
    const end = start + 200 + rnd(4000);
    at = end + rnd(500);
    const sep = vtt ? "." : ",";
    if (!vtt || rnd(3) === 0) out.push(vtt ? `cue-${i}` : String(i + 1));
    out.push(
      `${timestamp(start, sep)} --> ${timestamp(end, sep)}${vtt && rnd(3) === 0 ? " align:start" : ""}`,
    );
    const words = Array.from({ length: 1 + rnd(12) }, () => pick(WORDS)).join(" ");
    const text = [
      words,
      `<i>${words}</i>`,
      `<v ${pick(NAMES)}>${words}</v>`,
      `${pick(NAMES)}: ${words}`,
      `[${pick(NAMES)}] ${words}`,
      `{\\an8}<font color="red">${words}</font>`,
      `<c.loud>${words}</c>\n${words}`,
    ][rnd(7)]!;
    out.push(text, "");
  }
  return out.join(rnd(4) === 0 ? "\r\n" : "\n");
}

const HOSTILE = ["<", "{\\", "<v ", "<v.", "-->", " ", "\t", "<{\\<v .<v -->x ", "&amp", "\u2028"];

/** One mutation of a valid file, and its kind. */
function mutated(base: string): { kind: string; text: string } {
  const lines = base.split("\n");
  switch (rnd(7)) {
    case 0: {
      const bytes = Buffer.from(base);
      for (let k = 0, n = 1 + rnd(20); k < n; k++) bytes[rnd(bytes.length)] = rnd(256);
      return { kind: "byte flips", text: bytes.toString("latin1") };
    }
    case 1: {
      for (let k = 0, n = 1 + rnd(10); k < n; k++) {
        const i = rnd(lines.length);
        lines.splice(i, 0, lines[i]!);
      }
      return { kind: "duplicated lines", text: lines.join("\n") };
    }
    case 2:
      return { kind: "truncated", text: base.slice(0, rnd(base.length)) };
    case 3: {
      const i = lines.findIndex((l) => l.includes("-->"));
      lines.splice(i + 1, 0, pick(WORDS).repeat(1000 + rnd(20_000)));
      return { kind: "huge cue", text: lines.join("\n") };
    }
    case 4: {
      const depth = 100 + rnd(3000);
      const i = lines.findIndex((l) => l.includes("-->"));
      lines.splice(i + 1, 0, `${"<i><b>".repeat(depth)}deep${"</b></i>".repeat(rnd(2) ? depth : 0)}`);
      return { kind: "deep tags", text: lines.join("\n") };
    }
    case 5: {
      const i = rnd(lines.length);
      lines[i] = `${lines[i]}${pick(HOSTILE).repeat(100 + rnd(5000))}`;
      return { kind: "hostile run", text: lines.join("\n") };
    }
    default: {
      const at = rnd(base.length);
      return {
        kind: "spliced",
        text: base.slice(0, at) + pick(HOSTILE).repeat(1 + rnd(3000)) + base.slice(at),
      };
    }
  }
}

const HEAD = "1\n00:00:01,000 --> 00:00:02,000\n";
const ms = (i: number) => timestamp(i * 1000, ",");
const NAME = (i: number) =>
  `N${[...i.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join("")}`;

/** Pathological files of about `size` bytes: one long line, or lines of 9,000 characters. */
function pathological(size: number): { kind: string; text: string }[] {
  const out: { kind: string; text: string }[] = [];
  for (const unit of ["<", "{\\", "<v ", "<v.", "-->", " ", "<{\\<v .<v -->x "]) {
    const body = size - HEAD.length;
    out.push({
      kind: `line of ${JSON.stringify(unit)}`,
      text: HEAD + unit.repeat(Math.floor(body / unit.length)),
    });
    const row = `${unit.repeat(Math.floor(9000 / unit.length))}x\n`;
    out.push({
      kind: `lines of ${JSON.stringify(unit)}`,
      text: HEAD + row.repeat(Math.max(1, Math.floor(body / row.length))),
    });
  }
  out.push({
    kind: "padded time line",
    text: `1\n00:00:01,000 --> 00:00:02,000${" ".repeat(size - 40)}\u2028\nx\n`,
  });
  const cue = (i: number) => `${i + 1}\n${ms(i)} --> ${ms(i + 0.5)}\n${NAME(i)}: hi\n\n`;
  const named: string[] = [];
  for (let i = 0, n = 0; n < size && i < 20_000; i++) {
    named.push(cue(i));
    n += named.at(-1)!.length;
  }
  out.push({ kind: "speaker names", text: named.join("") });
  return out;
}

interface Tally {
  tried: number;
  refused: number;
  accepted: number;
  worstMs: number;
  worstKind: string;
  worstMsPerMB: number;
  bytes: number;
}
const tally = (): Tally => ({
  tried: 0,
  refused: 0,
  accepted: 0,
  worstMs: 0,
  worstKind: "",
  worstMsPerMB: 0,
  bytes: 0,
});

/** Reads one file as the upload does (bytes → text → cues → speakers); its time and whether it was refused. */
function read(
  parse: (text: string) => { speaker?: string; text: string; start: number; end: number }[],
  text: string,
  into: Tally,
  kind: string,
) {
  const bytes = Buffer.from(text);
  const t = performance.now();
  let refused = false;
  try {
    const cues = parse(decodeSubtitles(bytes));
    speakersFromCuesFor(parse)(cues, () => "voice");
  } catch (error) {
    if (!(error instanceof SubtitleError) && !(error instanceof OldSubtitleError)) throw error;
    refused = true;
  }
  const took = performance.now() - t;
  into.tried++;
  into.bytes += bytes.length;
  if (refused) into.refused++;
  else into.accepted++;
  if (took > into.worstMs) [into.worstMs, into.worstKind] = [took, `${kind} (${kib(bytes.length)})`];
  // Per MB only for files of 64 KiB and more: below that, a millisecond of noise is a large figure.
  if (bytes.length >= 64 * 1024) into.worstMsPerMB = Math.max(into.worstMsPerMB, took / (bytes.length / 1e6));
  return took;
}
const speakersFromCuesFor = (parse: unknown) =>
  parse === oldParseSubtitles ? oldSpeakersFromCues : speakersFromCues;

const kib = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(n / 1024)} KiB`;
const fmt = (v: number) =>
  v >= 60_000
    ? `${(v / 60_000).toFixed(1)} min`
    : v >= 1000
      ? `${(v / 1000).toFixed(1)} s`
      : `${v.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------
// The parser before this change, as it was (regular expressions that backtrack), for the side-by-side.

class OldSubtitleError extends Error {}
const OLD_MAX_CUES = 20_000;
const OLD_MAX_CUE_CHARS = 5000;
const OLD_TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[,.](\d{1,3})`;
const OLD_TIMING = new RegExp(String.raw`^\s*${OLD_TIME}\s*-->\s*${OLD_TIME}(?:[ \t]+.*)?$`);
const OLD_ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&nbsp;": " ",
  "&lrm;": "",
  "&rlm;": "",
  "&quot;": '"',
  "&apos;": "'",
};
function oldMs(h: string | undefined, m: string, s: string, frac: string): number | null {
  if (Number(m) > 59 || Number(s) > 59) return null;
  return Number(h ?? 0) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(frac.padEnd(3, "0"));
}
function oldCueText(lines: string[]): { text: string; speaker?: string } {
  const raw = lines.join("\n");
  const voice = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(raw)?.[1]?.trim();
  let text = raw
    .replace(/<[^>]*>/g, "")
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (e) => OLD_ENTITIES[e]!)
    .replace(/\s+/g, " ")
    .trim();
  let speaker = voice || undefined;
  const bracket = /^\[([^\]]{1,60})\]\s*(.*)$/.exec(text);
  const colon = /^(\p{L}[\p{L}\p{M}'’. -]{0,39}?)\s*:\s+(.*)$/u.exec(text);
  if (bracket) [speaker, text] = [speaker ?? bracket[1]!.trim(), bracket[2]!];
  else if (colon && colon[1]!.trim().split(/\s+/).length <= 3)
    [speaker, text] = [speaker ?? colon[1]!.trim(), colon[2]!];
  return speaker ? { text, speaker } : { text };
}
function oldParseSubtitles(input: string) {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (text.trim() === "") throw new OldSubtitleError("The subtitle file is empty.");
  const blocks = text
    .split(/\n[ \t]*\n/)
    .map((b) => b.split("\n").filter((l) => l.trim() !== ""))
    .filter((b) => b.length > 0);
  const vtt = /^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.[0] ?? "");
  if (vtt) blocks.shift();
  else if (!blocks[0]?.slice(0, 2).some((l) => OLD_TIMING.test(l)))
    throw new OldSubtitleError("This is not an SRT or WebVTT file.");
  const cues: { start: number; end: number; text: string; speaker?: string }[] = [];
  let n = 0;
  for (const block of blocks) {
    if (vtt && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    n += 1;
    const at = block.findIndex((l) => l.includes("-->"));
    const timing = at >= 0 && at <= 1 ? OLD_TIMING.exec(block[at]!) : null;
    if (!timing)
      throw new OldSubtitleError(`Cue ${n} has no valid time line (00:00:01,000 --> 00:00:02,000).`);
    const start = oldMs(timing[1], timing[2]!, timing[3]!, timing[4]!);
    const end = oldMs(timing[5], timing[6]!, timing[7]!, timing[8]!);
    if (start === null || end === null) throw new OldSubtitleError(`Cue ${n} has a time that is not valid.`);
    if (end <= start) throw new OldSubtitleError(`Cue ${n} ends before it starts.`);
    const previous = cues.at(-1);
    if (previous && start < previous.start)
      throw new OldSubtitleError(`Cue ${n} starts before the cue above it.`);
    if (previous && start < previous.end) throw new OldSubtitleError(`Cue ${n} overlaps the cue above it.`);
    const body = oldCueText(block.slice(at + 1));
    if (body.text.length > OLD_MAX_CUE_CHARS)
      throw new OldSubtitleError(`Cue ${n} is longer than ${OLD_MAX_CUE_CHARS} characters.`);
    if (body.text === "") continue;
    cues.push({ start, end, ...body });
    if (cues.length > OLD_MAX_CUES)
      throw new OldSubtitleError(`The file has more than ${OLD_MAX_CUES} cues.`);
  }
  if (cues.length === 0) throw new OldSubtitleError("The subtitle file has no cues with text.");
  return cues;
}
function oldSpeakersFromCues(cues: { speaker?: string }[], voiceFor: (i: number, n: number) => string) {
  const key = (name: string) => name.trim().toLowerCase();
  const fresh: string[] = [];
  for (const c of cues)
    if (c.speaker && !fresh.some((n) => key(n) === key(c.speaker!))) fresh.push(c.speaker);
  return fresh.map((name, i) => ({ name, voice: voiceFor(i, fresh.length) }));
}
// ---------------------------------------------------------------------------------------------------

// 1. Generated files and mutations of them.
const corpus: { kind: string; text: string }[] = [];
for (let i = 0; i < files; i++) {
  const base = generated(1 + rnd(i % 10 === 0 ? 2000 : 60));
  corpus.push(rnd(3) === 0 ? { kind: "generated", text: base } : mutated(base));
}
const fuzzNew = tally();
const fuzzOld = tally();
// Files the new parser refuses by a rule the old one did not have, and any other difference (must be 0).
let newRule = 0;
let disagree = 0;
for (const c of corpus) {
  read(parseSubtitles, c.text, fuzzNew, c.kind);
  read(oldParseSubtitles, c.text, fuzzOld, c.kind);
  const now = outcome(parseSubtitles, c.text);
  if (now === "new rule") newRule++;
  else if (now !== outcome(oldParseSubtitles, c.text)) disagree++;
}

// 2. Pathological files: every kind at every size up to the limit (the old parser up to oldMaxBytes).
const sizes = [16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024, MAX_SUBTITLE_BYTES].filter(
  (s) => s <= MAX_SUBTITLE_BYTES,
);
const pathNew = tally();
const pathOld = tally();
const oldLargest = new Map<string, { size: number; ms: number }>();
for (const size of sizes) {
  for (const p of pathological(size)) {
    read(parseSubtitles, p.text, pathNew, p.kind);
    if (size <= oldMaxBytes)
      oldLargest.set(p.kind, { size, ms: read(oldParseSubtitles, p.text, pathOld, p.kind) });
  }
}

console.log("");
line("generated and mutated files (seed)", `${corpus.length} (seed ${seed}), ${kib(fuzzNew.bytes)} in all`);
for (const [label, t] of [
  ["  new: refused / accepted", fuzzNew],
  ["  old: refused / accepted", fuzzOld],
] as const)
  line(
    label,
    `${t.refused} / ${t.accepted}; worst ${fmt(t.worstMs)} (${t.worstKind}); worst per MB ${fmt(t.worstMsPerMB)}`,
  );
line("  refused by the new line or speaker limits", newRule);
line("  other differences between old and new", disagree);
line("pathological files (new: up to 2 MiB)", `${pathNew.tried}, sizes ${sizes.map(kib).join(", ")}`);
line("  new: refused / accepted", `${pathNew.refused} / ${pathNew.accepted}`);
line("  new: worst time", `${fmt(pathNew.worstMs)} (${pathNew.worstKind})`);
line("  new: worst time per MB", fmt(pathNew.worstMsPerMB));
line(`pathological files (old: up to ${kib(oldMaxBytes)})`, pathOld.tried);
line("  old: refused / accepted", `${pathOld.refused} / ${pathOld.accepted}`);
line("  old: worst time", `${fmt(pathOld.worstMs)} (${pathOld.worstKind})`);
line("  old: worst time per MB", fmt(pathOld.worstMsPerMB));
const [worstKind, worst] = [...oldLargest].sort(
  (a, b) => b[1].ms / b[1].size ** 2 - a[1].ms / a[1].size ** 2,
)[0]!;
line(
  "  old at 2 MiB, extrapolated (quadratic)",
  `${fmt(worst.ms * (MAX_SUBTITLE_BYTES / worst.size) ** 2)} (${worstKind}, from ${fmt(worst.ms)} at ${kib(worst.size)})`,
);

function outcome(parse: (text: string) => unknown, text: string): string {
  try {
    return JSON.stringify(parse(decodeOrNull(text) ?? ""));
  } catch (error) {
    const message = (error as Error).message;
    return /^Line \d+ |names more speakers/.test(message) ? "new rule" : message;
  }
}
function decodeOrNull(text: string): string | null {
  try {
    return decodeSubtitles(Buffer.from(text));
  } catch {
    return null;
  }
}
