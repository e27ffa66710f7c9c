// Hand-written scanners for the parts of a subtitle line a regular expression would read by backtracking:
// time lines, tags and voice spans. Each looks at every character a bounded number of times, so a file of
// hostile lines (runs of `<`, `{\`, `<v `, spaces) costs time in proportion to its length.

/** Whether the character at `i` is one `\s` matches (the characters String.prototype.trim strips). */
function spaceAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const digitAt = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
};
/** What `.` does not match (besides `\n` and `\r`, which never reach a line). */
const breakAt = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c === 0x2028 || c === 0x2029;
};
/** Space or tab. */
const blankAt = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c === 32 || c === 9;
};

/** Index just past the digits from `i`. */
function digits(s: string, i: number): number {
  while (digitAt(s, i)) i++;
  return i;
}

/** One time `[h:]m:ss(,|.)f` (h 1–3 digits, m 1–2, ss 2, f 1–3) at `i` → ms and where it ends; null if none. */
function time(s: string, i: number): { ms: number | null; end: number } | null {
  const runs: string[] = [];
  for (;;) {
    const end = digits(s, i);
    if (end === i) return null;
    runs.push(s.slice(i, end));
    i = end;
    if (s[i] !== ":" || runs.length === 3) break;
    i++;
  }
  if (runs.length < 2 || (s[i] !== "," && s[i] !== ".")) return null;
  const fracEnd = digits(s, i + 1);
  const frac = s.slice(i + 1, fracEnd);
  const [h, m, sec] = runs.length === 3 ? runs : ["0", ...runs];
  if (h!.length > 3 || m!.length > 2 || sec!.length !== 2 || frac.length < 1 || frac.length > 3) return null;
  const minutes = Number(m);
  const seconds = Number(sec);
  // A time that reads but cannot be (61 minutes) is a line that names the cue's time wrongly.
  const ms =
    minutes > 59 || seconds > 59
      ? null
      : Number(h) * 3_600_000 + minutes * 60_000 + seconds * 1000 + Number(frac.padEnd(3, "0"));
  return { ms, end: fracEnd };
}

/**
 * A cue's time line, `start --> end` with optional settings after a space or tab (WebVTT's
 * `align:start`), spaces allowed around the arrow → the two times (null for one that is not valid, such
 * as 61 minutes), or null when the line is not a time line.
 */
export function timingLine(line: string): { start: number | null; end: number | null } | null {
  let i = 0;
  while (spaceAt(line, i)) i++;
  const start = time(line, i);
  if (!start) return null;
  i = start.end;
  while (spaceAt(line, i)) i++;
  if (!line.startsWith("-->", i)) return null;
  i += 3;
  while (spaceAt(line, i)) i++;
  const end = time(line, i);
  if (!end) return null;
  i = end.end;
  if (i < line.length) {
    if (!blankAt(line, i)) return null;
    for (let k = i; k < line.length; k++) if (breakAt(line, k)) return null;
  }
  return { start: start.ms, end: end.ms };
}

/** `WEBVTT` alone or followed by a space or tab and a title. */
export function isVttHeader(line: string): boolean {
  if (!line.startsWith("WEBVTT")) return false;
  if (line.length === 6) return true;
  if (!blankAt(line, 6)) return false;
  for (let k = 7; k < line.length; k++) if (breakAt(line, k)) return false;
  return true;
}

/**
 * The text with every span from `open` to the next `close` removed (an `open` with no `close` after it
 * stays as it is). One pass: after an `open` the search for `close` resumes where the last one stopped.
 */
export function stripSpans(text: string, open: string, close: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const at = text.indexOf(open, from);
    if (at < 0) break;
    const shut = text.indexOf(close, at + open.length);
    // No `close` after this `open` means none after any later one either.
    if (shut < 0) break;
    out += text.slice(from, at);
    from = shut + close.length;
  }
  return out + text.slice(from);
}

/**
 * The name of the first WebVTT voice span, `<v Name>` or `<v.class Name>` (trimmed; "" for `<v  >`), or
 * undefined when there is none.
 */
export function voiceName(text: string): string | undefined {
  // Where the class ends and the next `>`: each found once and reused while later spans start before it.
  let classEnd = -1;
  let gt = -1;
  for (let at = text.indexOf("<v"); at >= 0; at = text.indexOf("<v", at + 2)) {
    let i = at + 2;
    if (text[i] === ".") {
      if (classEnd <= i) {
        classEnd = i + 1;
        while (classEnd < text.length && text[classEnd] !== ">" && !spaceAt(text, classEnd)) classEnd++;
      }
      i = classEnd;
    }
    if (!blankAt(text, i)) continue;
    if (gt <= i) gt = text.indexOf(">", i);
    if (gt < 0) return undefined;
    // `[ \t]+([^>]+)>`: at least one character between the first space and the `>`.
    if (gt >= i + 2) return text.slice(i, gt).trim();
  }
  return undefined;
}

/**
 * The text with each run of `\s` made one space and none at either end (`replace(/\s+/g, " ").trim()`),
 * stopping once it is longer than `max` characters: past that the caller refuses it, and a cue of
 * megabytes of spaces and tags costs no more than reading it once.
 */
export function collapseSpaces(text: string, max = Number.POSITIVE_INFINITY): string {
  let out = "";
  let i = 0;
  while (i < text.length && out.length <= max) {
    while (i < text.length && spaceAt(text, i)) i++;
    const from = i;
    while (i < text.length && !spaceAt(text, i)) i++;
    if (i > from) out += (out ? " " : "") + text.slice(from, i);
  }
  return out;
}
