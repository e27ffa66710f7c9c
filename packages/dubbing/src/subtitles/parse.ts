// Pure SRT and WebVTT reader: bytes → text (UTF-8 or UTF-16, BOMs decoded) → timed cues with an optional
// speaker name taken from the cue text (`Name: text`, `[Name] text`, WebVTT `<v Name>`). Every refusal is
// a SubtitleError naming the cue (1-based, in file order) so that the user can find it.

/** Largest subtitle file accepted (bytes). */
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;
/** Slack at the video's end, as for edited transcripts (rounding of the probed duration). */
export const END_TOLERANCE_MS = 250;
/** Most cues and characters per cue a transcript holds (the contract's transcript limits). */
const MAX_CUES = 20_000;
const MAX_CUE_CHARS = 5000;

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

const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{2})[,.](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:[ \t]+.*)?$`);

function ms(h: string | undefined, m: string, s: string, frac: string): number | null {
  const minutes = Number(m);
  const seconds = Number(s);
  if (minutes > 59 || seconds > 59) return null;
  return Number(h ?? 0) * 3_600_000 + minutes * 60_000 + seconds * 1000 + Number(frac.padEnd(3, "0"));
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

/** One cue's lines → plain text and the speaker it names (voice span, `[Name]` or `Name:` at its start). */
export function cueText(lines: string[]): { text: string; speaker?: string } {
  const raw = lines.join("\n");
  const voice = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(raw)?.[1]?.trim();
  let text = raw
    .replace(/<[^>]*>/g, "") // HTML-like tags (<i>, <b>, <font>, <c.x>, <v>, timestamps)
    .replace(/\{\\[^}]*\}/g, "") // ASS override tags some SRT files carry ({\an8})
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (e) => ENTITIES.get(e)!)
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

/**
 * SRT or WebVTT text → cues in file order. Refuses a file that is neither, a cue without a valid time line,
 * cues out of order or overlapping, and (given the video's duration) a cue past its end. Cues whose text is
 * empty once tags are stripped are dropped.
 */
export function parseSubtitles(input: string, opts: { durationMs?: number } = {}): ParsedCue[] {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (text.trim() === "") throw new SubtitleError(null, "The subtitle file is empty.");
  const blocks = text
    .split(/\n[ \t]*\n/)
    .map((b) => b.split("\n").filter((l) => l.trim() !== ""))
    .filter((b) => b.length > 0);
  const vtt = /^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.[0] ?? "");
  if (vtt) blocks.shift();
  else if (!blocks[0]?.slice(0, 2).some((l) => TIMING.test(l)))
    throw new SubtitleError(null, "This is not an SRT or WebVTT file.");

  const cues: ParsedCue[] = [];
  let n = 0;
  for (const block of blocks) {
    if (vtt && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    n += 1;
    const at = block.findIndex((l) => l.includes("-->"));
    const timing = at >= 0 && at <= 1 ? TIMING.exec(block[at]!) : null;
    if (!timing)
      throw new SubtitleError(n, `Cue ${n} has no valid time line (00:00:01,000 --> 00:00:02,000).`);
    const start = ms(timing[1], timing[2]!, timing[3]!, timing[4]!);
    const end = ms(timing[5], timing[6]!, timing[7]!, timing[8]!);
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
    const body = cueText(block.slice(at + 1));
    if (body.text.length > MAX_CUE_CHARS)
      throw new SubtitleError(n, `Cue ${n} is longer than ${MAX_CUE_CHARS} characters.`);
    if (body.text === "") continue;
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
  const fresh: string[] = [];
  for (const c of cues)
    if (c.speaker && !byName.has(key(c.speaker)) && !fresh.some((n) => key(n) === key(c.speaker!)))
      fresh.push(c.speaker);
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
