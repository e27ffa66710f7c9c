// Pure SRT and WebVTT reader: bytes → text (UTF-8 or UTF-16, BOMs decoded) → timed cues with an optional
// speaker name taken from the cue text (`Name: text`, `[Name] text`, WebVTT `<v Name>`). Every refusal is
// a SubtitleError naming the cue (1-based, in file order) so that the user can find it. The size and the
// longest line are checked before anything else reads the text, and nothing that reads it backtracks (see
// scan.ts): a file's parse costs time in proportion to its length.
import { collapseSpaces, isVttHeader, stripSpans, timingLine, voiceName } from "./scan.ts";

/** Largest subtitle file accepted (bytes). */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
/** Slack at the video's end, as for edited transcripts (rounding of the probed duration). */
const END_TOLERANCE_MS = 250;
/** Most cues and characters per cue a transcript holds (the contract's transcript limits). */
const MAX_CUES = 20_000;
const MAX_CUE_CHARS = 5000;
/** Longest line read (characters): a cue's text and as much again for its tags. */
const MAX_LINE_CHARS = 2 * MAX_CUE_CHARS;
/** Most distinct speaker names a file may hold: as many as a project can have (the contract's 50). */
const MAX_SPEAKERS = 50;

export interface ParsedCue {
  start: number;
  end: number;
  text: string;
  /** The speaker's name when the cue names one. */
  speaker?: string;
}

export class SubtitleError extends Error {
  /** 1-based cue number, or null when the problem is the whole file. */
  readonly cue: number | null;
  constructor(cue: number | null, message: string) {
    super(message);
    this.name = "SubtitleError";
    this.cue = cue;
  }
}

/** Bytes → text: a BOM decides (UTF-8, UTF-16 LE/BE); without one, UTF-16 by its zero bytes, else strict UTF-8. */
export function decodeSubtitles(bytes: Uint8Array): string {
  if (bytes.length > MAX_SUBTITLE_BYTES)
    throw new SubtitleError(null, "The subtitle file is larger than 2 MiB.");
  const b = bytes;
  let encoding = "utf-8";
  let skip = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) skip = 3;
  else if (b[0] === 0xff && b[1] === 0xfe) [encoding, skip] = ["utf-16le", 2];
  else if (b[0] === 0xfe && b[1] === 0xff) [encoding, skip] = ["utf-16be", 2];
  else if (b.length >= 2 && b.length % 2 === 0 && b[0] !== 0 && b[1] === 0) encoding = "utf-16le";
  else if (b.length >= 2 && b.length % 2 === 0 && b[0] === 0 && b[1] !== 0) encoding = "utf-16be";
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(b.subarray(skip));
  } catch {
    throw new SubtitleError(
      null,
      "The subtitle file is not UTF-8 or UTF-16 text. Save it as UTF-8 and try again.",
    );
  }
  if (text.includes("\u0000"))
    throw new SubtitleError(
      null,
      "The subtitle file is not UTF-8 or UTF-16 text. Save it as UTF-8 and try again.",
    );
  return text;
}

const ENTITIES = new Map(
  Object.entries({
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&nbsp;": " ",
    "&lrm;": "",
    "&rlm;": "",
    "&quot;": '"',
    "&apos;": "'",
  }),
);

// The regular expressions left run on whitespace-collapsed text of at most a line's length and cannot
// backtrack past a fixed bound (anchored, bounded repetitions, or alternatives of fixed words); whatever
// a regular expression would backtrack over is read by the scanners of scan.ts.

/**
 * One cue's lines → plain text and the speaker it names (voice span, `[Name]` or `Name:` at its start).
 * A text longer than `maxChars` is cut short just past it (the caller refuses it).
 */
export function cueText(lines: string[], maxChars?: number): { text: string; speaker?: string } {
  const raw = lines.join("\n");
  // HTML-like tags (<i>, <b>, <font>, <c.x>, <v>, timestamps), then the ASS override tags some SRT files
  // carry ({\an8}).
  const stripped = stripSpans(stripSpans(raw, "<", ">"), "{\\", "}").replace(
    /&(?:amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g,
    (e) => ENTITIES.get(e)!,
  );
  let text = collapseSpaces(stripped, maxChars);
  let speaker = voiceName(raw) || undefined;
  const bracket = /^\[([^\]]{1,60})\]\s*(.*)$/.exec(text);
  const colon = /^(\p{L}[\p{L}\p{M}'’. -]{0,39}?)\s*:\s+(.*)$/u.exec(text);
  if (bracket) [speaker, text] = [speaker ?? bracket[1]!.trim(), bracket[2]!];
  else if (colon && colon[1]!.trim().split(/\s+/).length <= 3)
    [speaker, text] = [speaker ?? colon[1]!.trim(), colon[2]!];
  return speaker ? { text, speaker } : { text };
}

/**
 * The file's lines grouped into blocks: a line of nothing but spaces and tabs ends a block; lines that are
 * otherwise blank are left out; empty blocks are dropped.
 */
function blocksOf(text: string): string[][] {
  const blocks: string[][] = [];
  let block: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() !== "") block.push(line);
    else if (/^[ \t]*$/.test(line) && block.length > 0) {
      blocks.push(block);
      block = [];
    }
  }
  if (block.length > 0) blocks.push(block);
  return blocks;
}

/**
 * The checks on the raw text that come before anything reads it: its size, and the length of its longest
 * line (a cue's text is at most 5,000 characters; its tags may take as many again).
 */
function checkSize(text: string): void {
  if (text.length > MAX_SUBTITLE_BYTES)
    throw new SubtitleError(null, "The subtitle file is larger than 2 MiB.");
  let line = 1;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A line ends at LF, CR or CRLF (the last counted once).
    if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      line++;
      length = 0;
    } else if (++length > MAX_LINE_CHARS)
      throw new SubtitleError(
        null,
        `Line ${line} of the subtitle file is longer than ${MAX_LINE_CHARS.toLocaleString("en")} characters.`,
      );
  }
}

const isCommentBlock = (line: string) =>
  ["NOTE", "STYLE", "REGION"].some(
    (word) =>
      line.startsWith(word) &&
      (line.length === word.length || line[word.length] === " " || line[word.length] === "\t"),
  );

/**
 * SRT or WebVTT text → cues in file order. Refuses a file that is neither, a cue without a valid time line,
 * cues out of order or overlapping, and (given the video's duration) a cue past its end. Cues whose text is
 * empty once tags are stripped are dropped.
 */
export function parseSubtitles(input: string, opts: { durationMs?: number } = {}): ParsedCue[] {
  checkSize(input);
  const text = (input.startsWith("\uFEFF") ? input.slice(1) : input).replace(/\r\n?/g, "\n");
  if (text.trim() === "") throw new SubtitleError(null, "The subtitle file is empty.");
  const blocks = blocksOf(text);
  const vtt = isVttHeader(blocks[0]?.[0] ?? "");
  if (vtt) blocks.shift();
  else if (!blocks[0]?.slice(0, 2).some((l) => timingLine(l)))
    throw new SubtitleError(null, "This is not an SRT or WebVTT file.");

  const cues: ParsedCue[] = [];
  const speakers = new Set<string>();
  let n = 0;
  for (const block of blocks) {
    if (vtt && isCommentBlock(block[0]!)) continue;
    n += 1;
    const at = block.findIndex((l) => l.includes("-->"));
    const timing = at >= 0 && at <= 1 ? timingLine(block[at]!) : null;
    if (!timing)
      throw new SubtitleError(n, `Cue ${n} has no valid time line (00:00:01,000 --> 00:00:02,000).`);
    const { start, end } = timing;
    if (start === null || end === null) throw new SubtitleError(n, `Cue ${n} has a time that is not valid.`);
    if (end <= start) throw new SubtitleError(n, `Cue ${n} ends before it starts.`);
    const previous = cues.at(-1);
    if (previous && start < previous.start)
      throw new SubtitleError(n, `Cue ${n} starts before the cue above it.`);
    if (previous && start < previous.end) throw new SubtitleError(n, `Cue ${n} overlaps the cue above it.`);
    if (opts.durationMs !== undefined && end > opts.durationMs + END_TOLERANCE_MS)
      throw new SubtitleError(
        n,
        `Cue ${n} ends at ${clock(end)}, after the video ends (${clock(opts.durationMs)}).`,
      );
    const body = cueText(block.slice(at + 1), MAX_CUE_CHARS);
    if (body.text.length > MAX_CUE_CHARS)
      throw new SubtitleError(n, `Cue ${n} is longer than ${MAX_CUE_CHARS} characters.`);
    if (body.text === "") continue;
    if (body.speaker) speakers.add(body.speaker.toLowerCase());
    if (speakers.size > MAX_SPEAKERS)
      throw new SubtitleError(n, `Cue ${n} names more speakers than a project can have (${MAX_SPEAKERS}).`);
    cues.push({ start, end, ...body });
    if (cues.length > MAX_CUES) throw new SubtitleError(n, `The file has more than ${MAX_CUES} cues.`);
  }
  if (cues.length === 0) throw new SubtitleError(null, "The subtitle file has no cues with text.");
  return cues;
}

function clock(ms: number): string {
  return `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;
}

interface CueSpeaker {
  id: string;
  name: string;
  selectedVoice: string;
}

/**
 * Cues → speakers and segments. A name that matches one of `existing` (ignoring case) is that speaker;
 * each other distinct name becomes a new speaker (in order of first appearance, voice `voiceFor(i, n)`
 * for the i-th of n new ones). A cue without a name continues the speaker before it (the first cue: the
 * first speaker). No speakers and no names at all: one new speaker.
 */
export function speakersFromCues(
  cues: ParsedCue[],
  voiceFor: (index: number, count: number) => string,
  existing: CueSpeaker[] = [],
): { speakers: CueSpeaker[]; transcript: { speaker: string; text: string; start: number; end: number }[] } {
  const key = (name: string) => name.trim().toLowerCase();
  const byName = new Map(existing.map((s) => [key(s.name), s.id]));
  // New names in order of first appearance, each found through a set (a list search per cue is quadratic).
  const freshKeys = new Set<string>();
  const fresh: string[] = [];
  for (const c of cues) {
    if (!c.speaker) continue;
    const k = key(c.speaker);
    if (byName.has(k) || freshKeys.has(k)) continue;
    freshKeys.add(k);
    fresh.push(c.speaker);
  }
  if (existing.length === 0 && fresh.length === 0) fresh.push("Speaker 1");
  const taken = new Set(existing.map((s) => s.id));
  let next = 1;
  const added = fresh.map((name, i) => {
    while (taken.has(`speaker-${next}`)) next++;
    taken.add(`speaker-${next}`);
    const speaker = {
      id: `speaker-${next}`,
      name: name.slice(0, 100),
      selectedVoice: voiceFor(i, fresh.length),
    };
    byName.set(key(name), speaker.id);
    return speaker;
  });
  const speakers = [...existing, ...added];
  let current = cues.find((c) => c.speaker)?.speaker;
  const transcript = cues.map((c) => {
    if (c.speaker) current = c.speaker;
    const speaker = (current && byName.get(key(current))) || speakers[0]!.id;
    return { speaker, text: c.text, start: c.start, end: c.end };
  });
  return { speakers, transcript };
}
