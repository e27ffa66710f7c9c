// Pure SRT and WebVTT writers. Cues come from transcript segments (ms); empty texts are skipped, cues are
// ordered by start, and long texts are wrapped to at most `maxLineChars` per line.

export interface Cue {
  start: number;
  end: number;
  text: string;
  /** Shown above `text` (two-language subtitles: the original line over the translated one). */
  above?: string;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, "0");
}

/** "HH:MM:SS,mmm" (SRT) or "HH:MM:SS.mmm" (VTT). */
export function timestamp(ms: number, sep: "," | "."): string {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3_600_000);
  const m = Math.floor((t % 3_600_000) / 60_000);
  const s = Math.floor((t % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(t % 1000, 3)}`;
}

/** Greedy word wrap; a single word longer than the width stays whole on its own line. */
export function wrap(text: string, maxLineChars = 42): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let cur = "";
  for (const w of words) {
    if (cur && cur.length + 1 + w.length > maxLineChars) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** The cue's lines: `above` wrapped, then `text` wrapped. */
function lines(c: Cue, maxLineChars: number): string[] {
  return [...(c.above ? wrap(c.above, maxLineChars) : []), ...wrap(c.text, maxLineChars)];
}

/**
 * Pure: two-language cues. Each translated segment carries, above it, the original segments it covers
 * (those whose middle falls inside it; none: the one overlapping it most), so edited or imported
 * translations whose cuts differ from the original still pair by time.
 */
export function bilingualCues(original: readonly Cue[], translated: readonly Cue[]): Cue[] {
  // Sorted by start once; each cue looks only at the originals that can reach it (binary search, then back
  // as far as the longest original segment), so long transcripts cost O(n log n), not O(n²).
  const sorted = [...original].sort((a, b) => a.start - b.start);
  const longest = sorted.reduce((m, o) => Math.max(m, o.end - o.start), 0);
  return translated.map((t) => {
    let hi = sorted.length;
    for (let lo = 0; lo < hi; ) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start < t.end) lo = mid + 1;
      else hi = mid;
    }
    const near: Cue[] = [];
    for (let k = hi - 1; k >= 0 && sorted[k]!.start + longest > t.start; k--) near.unshift(sorted[k]!);
    const overlap = (o: Cue) => Math.min(o.end, t.end) - Math.max(o.start, t.start);
    const inside = near.filter((o) => {
      const mid = (o.start + o.end) / 2;
      return mid >= t.start && mid < t.end;
    });
    const best = near.reduce<Cue | undefined>(
      (b, o) => (overlap(o) > 0 && (!b || overlap(o) > overlap(b)) ? o : b),
      undefined,
    );
    const above = inside.length ? inside : best ? [best] : [];
    const text = above
      .map((o) => o.text.trim())
      .filter(Boolean)
      .join(" ");
    return { start: t.start, end: t.end, text: t.text, ...(text && { above: text }) };
  });
}

function cues(input: Cue[]): Cue[] {
  return input
    .filter((c) => c.text.trim() !== "" && c.end > c.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

export function toSrt(input: Cue[], maxLineChars = 42): string {
  return cues(input)
    .map(
      (c, i) =>
        `${i + 1}\n${timestamp(c.start, ",")} --> ${timestamp(c.end, ",")}\n${lines(c, maxLineChars).join("\n")}\n`,
    )
    .join("\n");
}

/** WebVTT; "-->" inside text is defused and "&", "<" escaped as the format requires. */
export function toVtt(input: Cue[], maxLineChars = 42): string {
  const body = cues(input)
    .map((c) => {
      const text = lines(c, maxLineChars)
        .join("\n")
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/-->/g, "→");
      return `${timestamp(c.start, ".")} --> ${timestamp(c.end, ".")}\n${text}\n`;
    })
    .join("\n");
  return `WEBVTT\n\n${body}`;
}

/** Pure: reads an SRT (as toSrt writes it) back into cues; a cue's lines are joined by a space. */
export function parseSrt(srt: string): Cue[] {
  const time = (t: string) => {
    const [h, m, s, ms] = t.split(/[:,.]/).map(Number);
    return ((h! * 60 + m!) * 60 + s!) * 1000 + ms!;
  };
  return srt
    .replace(/\r/g, "")
    .split(/\n{2,}/)
    .flatMap((block) => {
      const lines = block.trim().split("\n");
      const at = lines.findIndex((l) => l.includes("-->"));
      if (at < 0) return [];
      const [start, end] = lines[at]!.split("-->").map((t) => time(t.trim()));
      return [{ start: start!, end: end!, text: lines.slice(at + 1).join(" ") }];
    });
}

/**
 * Pure: typed text as libass shows it literally. libass reads `{…}` as styling codes (position, size,
 * colour, hiding) and `\N`, `\n`, `\h` as breaks and spaces: each brace is escaped (`\{`), and a word
 * joiner (invisible) follows each backslash so that no escape sequence forms.
 */
export function assText(text: string): string {
  return text.replace(/\\/g, "\\\u2060").replace(/[{}]/g, (c) => `\\${c}`);
}

/** "H:MM:SS.cc" (ASS counts centiseconds). */
function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360_000);
  return `${h}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

// ffmpeg's own header for subtitles converted from SRT, so burned text looks as it did from an SRT.
const ASS_HEADER = `[Script Info]
ScriptType: v4.00+
PlayResX: 384
PlayResY: 288
ScaledBorderAndShadow: yes

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
`;

/**
 * ASS for burning subtitles in with libass: the cues' typed text escaped so that it shows as typed (a
 * two-language cue's original line above the translated one).
 */
export function toAss(input: Cue[], maxLineChars = 42): string {
  const events = cues(input).map((c) => {
    const text = lines(c, maxLineChars).map(assText).join("\\N");
    return `Dialogue: 0,${assTime(c.start)},${assTime(c.end)},Default,,0,0,0,,${text}\n`;
  });
  return ASS_HEADER + events.join("");
}
