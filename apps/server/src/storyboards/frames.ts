// Pure: cutting a pasted transcript into storyboard frames and picking search words for each.

/** Narration speed used to size frames before any speech exists: 150 words a minute. */
const WORDS_PER_SECOND = 2.5;
export const MIN_FRAME_SECONDS = 3;
const MAX_FRAME_SECONDS = 12;

interface FrameSizing {
  wordsPerSecond: number;
  minSeconds: number;
  maxSeconds: number;
}

const DEFAULT_SIZING: FrameSizing = {
  wordsPerSecond: WORDS_PER_SECOND,
  minSeconds: MIN_FRAME_SECONDS,
  maxSeconds: MAX_FRAME_SECONDS,
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Estimated narration time of `text` in seconds, from its word count. */
export function estimateNarrationSeconds(text: string, wordsPerSecond = WORDS_PER_SECOND): number {
  return words(text).length / wordsPerSecond;
}

/** Sentences of a text; a blank line or a line break also ends one (pasted transcripts often lack periods). */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    // A sentence ends at . ! ? … (possibly followed by closing quotes/brackets), then whitespace and
    // a capital letter or digit ('"Fine!" she said' stays one sentence).
    const parts = line.split(/(?<=[.!?…]["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/u);
    for (const part of parts) {
      const s = part.replace(/\s+/g, " ").trim();
      if (s) out.push(s);
    }
  }
  return out;
}

/** Splits one over-long sentence at clause boundaries, then evenly by words, into pieces of at most `maxWords`. */
function splitLong(sentence: string, maxWords: number): string[] {
  if (words(sentence).length <= maxWords) return [sentence];
  const clauses = sentence.split(/(?<=[,;:—–])\s+|\s+(?=[—–-]\s)/).filter((c) => c.trim());
  const pieces: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) pieces.push(current.join(" "));
    current = [];
  };
  for (const clause of clauses) {
    const n = words(clause).length;
    if (n > maxWords) {
      flush();
      const w = words(clause);
      const chunks = Math.ceil(w.length / maxWords);
      const size = Math.ceil(w.length / chunks);
      for (let i = 0; i < w.length; i += size) pieces.push(w.slice(i, i + size).join(" "));
      continue;
    }
    if (words(current.join(" ")).length + n > maxWords) flush();
    current.push(clause.trim());
  }
  flush();
  return pieces;
}

/**
 * Cuts a transcript into frame texts of about `minSeconds`–`maxSeconds` of narration each: sentences are
 * the unit; short ones are merged with the next while the result stays within the maximum, long ones are
 * split at commas (or evenly by words). A lone short text stays one frame.
 */
export function splitIntoFrames(transcript: string, sizing: Partial<FrameSizing> = {}): string[] {
  const { wordsPerSecond, minSeconds, maxSeconds } = { ...DEFAULT_SIZING, ...sizing };
  const maxWords = Math.max(1, Math.floor(maxSeconds * wordsPerSecond));
  const seconds = (t: string) => estimateNarrationSeconds(t, wordsPerSecond);
  const pieces = splitSentences(transcript).flatMap((s) => splitLong(s, maxWords));
  const frames: string[] = [];
  for (const piece of pieces) {
    const last = frames.at(-1);
    if (last !== undefined && seconds(last) < minSeconds && seconds(`${last} ${piece}`) <= maxSeconds) {
      frames[frames.length - 1] = `${last} ${piece}`;
    } else {
      frames.push(piece);
    }
  }
  // A short tail joins the frame before it when that stays within the maximum.
  if (frames.length >= 2) {
    const tail = frames.at(-1)!;
    const before = frames.at(-2)!;
    if (seconds(tail) < minSeconds && seconds(`${before} ${tail}`) <= maxSeconds) {
      frames.splice(-2, 2, `${before} ${tail}`);
    }
  }
  return frames;
}

// Common English function words and fillers; they make poor image searches.
const STOP_WORDS = new Set(
  `a about above after again against all almost also although always am among an and another any anyone
  anything are around as at away back be became because become been before being below between both but by
  can cannot could did do does doing done down during each either else enough even ever every everyone
  everything few first for from further get gets getting give go goes going gone got had has have having he
  her here hers herself him himself his how however i if in into is it its itself just know last least less
  let like made make makes making many may me might more most much must my myself need never new next no
  nor not nothing now of off often on once one only onto or other others our ours ourselves out over own per
  perhaps put quite rather really right said same say says see seen several shall she should since so some
  someone something sometimes still such take than that the their theirs them themselves then there these
  they thing things this those though through thus to today together too toward towards under until up upon
  us use used using very via want was way we well were what whatever when where whether which while who whom
  whose why will with within without would yes yet you your yours yourself yourselves let's it's don't
  doesn't didn't isn't aren't wasn't weren't can't won't we're you're they're i'm i've we've you've that's
  there's here's what's gonna wanna okay ok oh um uh hey hi hello lot lots kind sort really actually basically
  just maybe also every two three four five six seven eight nine ten hundred hundreds thousand
  thousands million millions dozens`.split(/\s+/),
);

/** Lower-case words of a text (letters, digits, inner apostrophes and hyphens). */
export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map((w) =>
    w.replace(/’/g, "'"),
  );
}

/**
 * Search words for a frame: words that are not stop words, 3+ letters and not numbers, ranked by how
 * often they occur in the frame, then by length (longer words are usually more specific), then by first
 * appearance.
 */
export function pickKeywords(text: string, count = 3): string[] {
  const tokens = tokenize(text).filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
  const stats = new Map<string, { n: number; first: number }>();
  tokens.forEach((w, i) => {
    const s = stats.get(w);
    if (s) s.n += 1;
    else stats.set(w, { n: 1, first: i });
  });
  return [...stats.entries()]
    .sort(([a, x], [b, y]) => y.n - x.n || b.length - a.length || x.first - y.first)
    .slice(0, count)
    .map(([w]) => w);
}

/** The image search for a frame: its two best keywords, or the storyboard title when the frame has none. */
export function frameQuery(keywords: string[], title: string): string {
  const q = keywords.slice(0, 2).join(" ");
  return q || pickKeywords(title, 2).join(" ") || title.trim().slice(0, 60) || "story";
}

/** Greedy word wrap for burned-in subtitles: lines of at most `width` characters (a longer word stands alone). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of words(text)) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}
