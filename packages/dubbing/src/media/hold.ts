// The picture waits for a line: the video held (its frame frozen) at given moments, for given times.
// Only the stretch between the two keyframes around a hold is encoded again; the rest is copied, joined by
// ffmpeg's concat demuxer. Frozen rather than slowed: a hold falls at the end of a line's window, where the
// speaker on screen has stopped talking, so every line still starts on its own picture; slowing the
// stretch would shift the lips before the hold.
// A stretch encoded again is H.264 with its parameter sets repeated in the stream, so a player decodes it
// whatever the copied stream's encoder was; a video that is not H.264 is encoded again whole.
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Wait } from "../timing/plan.ts";
import { inputArgs, type MediaInput, seconds } from "./input.ts";
import { runFfprobe } from "./probe.ts";
import { runFfmpeg } from "./run.ts";

/** A keyframe of the video stream: its presentation and decoding times (s). */
interface Keyframe {
  pts: number;
  dts: number;
}

/** One piece of the held video, on the original's timeline (s). */
type HoldPiece =
  | { kind: "copy"; from: number; to: number; outpoint: number | null }
  | { kind: "hold"; from: number; to: number; holds: { at: number; seconds: number }[] };

/** Pure: ffprobe's CSV of video packets ("pts,dts,flags") → the keyframes, in order. */
export function parseKeyframes(csv: string): Keyframe[] {
  const keys: Keyframe[] = [];
  for (const line of csv.split("\n")) {
    const [pts, dts, flags] = line.trim().split(",");
    if (!flags?.includes("K")) continue;
    const p = Number(pts);
    const d = dts === "N/A" ? p : Number(dts);
    if (Number.isFinite(p) && Number.isFinite(d)) keys.push({ pts: p, dts: d });
  }
  return keys.sort((a, b) => a.pts - b.pts);
}

/**
 * Pure: the pieces of a held video. Each hold's stretch runs from the keyframe at or before it to the next
 * keyframe (or the end); stretches that meet are one. A copied piece ends at the next stretch's keyframe
 * by its decoding time (the concat demuxer cuts by decoding time: by the picture's time it would also keep
 * the frames reordered before that keyframe).
 */
export function holdPieces(keys: Keyframe[], waits: Wait[], durationS: number): HoldPiece[] {
  const sorted = [...keys].sort((a, b) => a.pts - b.pts);
  const at = (ms: number) => Math.min(ms / 1000, durationS);
  const stretches: Extract<HoldPiece, { kind: "hold" }>[] = [];
  for (const w of [...waits].sort((a, b) => a.at - b.at)) {
    const t = at(w.at);
    const from = sorted.findLast((k) => k.pts <= t)?.pts ?? 0;
    const to = sorted.find((k) => k.pts > t)?.pts ?? durationS;
    const last = stretches.at(-1);
    if (last && from <= last.to) {
      last.to = Math.max(last.to, to);
      last.holds.push({ at: t - last.from, seconds: w.ms / 1000 });
    } else {
      stretches.push({ kind: "hold", from, to, holds: [{ at: t - from, seconds: w.ms / 1000 }] });
    }
  }
  const pieces: HoldPiece[] = [];
  let cursor = 0;
  for (const s of stretches) {
    if (s.from > cursor) {
      const dts = sorted.find((k) => k.pts === s.from)?.dts ?? s.from;
      pieces.push({ kind: "copy", from: cursor, to: s.from, outpoint: dts });
    }
    pieces.push(s);
    cursor = s.to;
  }
  if (cursor < durationS) pieces.push({ kind: "copy", from: cursor, to: durationS, outpoint: null });
  return pieces;
}

/**
 * Pure: the filter that freezes the picture at each hold (times relative to the stretch's start): every
 * frame from a hold on is shown that much later, so the last frame before it stays on screen for the
 * hold, to the millisecond. Copies of the frame at the frame rate would round each hold to whole frames,
 * and the rounding would add up, hold after hold, between the picture and the sound.
 */
export function holdFilter(holds: { at: number; seconds: number }[], lengthS: number): string {
  // a hold at the stretch's end has no frame after it to show later: the last frame is repeated
  const atEnd = (h: { at: number }) => h.at >= lengthS - 0.001;
  const inside = holds.filter((h) => !atEnd(h));
  const tail = holds.filter(atEnd).reduce((sum, h) => sum + h.seconds, 0);
  const later = inside.map((h) => `gte(T,${seconds(h.at)})*${seconds(h.seconds)}`).join("+") || "0";
  // quoted: the commas inside are the expression's, not the graph's
  const pad = tail > 0 ? `,tpad=stop_mode=clone:stop_duration=${seconds(tail)}` : "";
  return `[0:v]setpts=PTS-STARTPTS,setpts='PTS+(${later})/TB'${pad}[v]`;
}

/**
 * H.264 for the stretches encoded again: sharp, and its parameter sets in the stream before each
 * keyframe; ultrafast, as the stretch runs from keyframe to keyframe (10 s apart in x264's default) and
 * the render should not take much longer for it (bench/pipeline/timing.ts), at the cost of a larger file.
 */
const H264_HOLD = [
  "-c:v",
  "libx264",
  "-preset",
  "ultrafast",
  "-crf",
  "18",
  "-x264-params",
  "repeat-headers=1",
];

/** Pure: ffmpeg's arguments for one stretch with its holds, video only, into an MP4 of `timescale`. */
function holdStretchArgs(
  video: MediaInput,
  piece: Extract<HoldPiece, { kind: "hold" }>,
  output: string,
  opts: { pixFmt: string; timescale: number },
): string[] {
  return [
    "-ss",
    seconds(piece.from),
    "-t",
    seconds(piece.to - piece.from),
    ...inputArgs(video),
    "-filter_complex",
    holdFilter(piece.holds, piece.to - piece.from),
    "-map",
    "[v]",
    ...H264_HOLD,
    ...["-fps_mode", "vfr"],
    "-pix_fmt",
    opts.pixFmt,
    "-video_track_timescale",
    String(opts.timescale),
    "-an",
    "-sn",
    "-dn",
    "-f",
    "mp4",
    output,
  ];
}

/** Pure: a concat demuxer script of the pieces (the original's copied pieces and the stretches' files). */
export function concatScript(video: string, pieces: HoldPiece[], stretchFiles: string[]): string {
  const quote = (p: string) => `'${p.replace(/'/g, "'\\''")}'`;
  let k = 0;
  const lines = ["ffconcat version 1.0"];
  for (const p of pieces) {
    if (p.kind === "hold") {
      const held = p.to - p.from + p.holds.reduce((s, h) => s + h.seconds, 0);
      lines.push(`file ${quote(stretchFiles[k++] as string)}`, `duration ${seconds(held)}`);
      continue;
    }
    lines.push(`file ${quote(video)}`, `inpoint ${seconds(p.from)}`);
    // its length as the next piece sees it: the cut by decoding time must not move what follows
    if (p.outpoint !== null)
      lines.push(`outpoint ${seconds(p.outpoint)}`, `duration ${seconds(p.to - p.from)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Pure: the whole video encoded again with its holds, for a stream that cannot be joined to H.264. */
function holdWholeArgs(video: MediaInput, waits: Wait[], output: string): string[] {
  const holds = waits.map((w) => ({ at: w.at / 1000, seconds: w.ms / 1000 }));
  return [
    ...inputArgs(video),
    "-filter_complex",
    holdFilter(holds, video.seconds),
    "-map",
    "[v]",
    ...H264_HOLD,
    ...["-fps_mode", "vfr"],
    "-pix_fmt",
    "yuv420p",
    "-an",
    "-sn",
    "-dn",
    "-f",
    "mp4",
    output,
  ];
}

interface HoldVideoInput {
  video: MediaInput;
  durationMs: number;
  waits: Wait[];
  workDir: string;
  output: string;
  signal?: AbortSignal;
}

/** Pure: ffprobe's CSV of the video stream ("codec,pix_fmt,1/12800") → what a stretch must match. */
export function parseStreamFormat(csv: string): { codec: string; pixFmt: string; timescale: number } {
  const [codec = "", pixFmt = "", timeBase = ""] = csv.trim().split("\n")[0]?.split(",") ?? [];
  const timescale = Number(timeBase.split("/")[1]);
  return {
    codec,
    pixFmt: pixFmt || "yuv420p",
    timescale: Number.isInteger(timescale) && timescale > 0 ? timescale : 12800,
  };
}

/** The video alone with its holds, into `output` (MP4): stretches encoded again, the rest copied. */
export async function holdVideo(input: HoldVideoInput): Promise<void> {
  const { video, waits, signal } = input;
  const ask = (entries: string) =>
    runFfprobe(
      [
        "-v",
        "error",
        "-select_streams",
        "v:0",
        "-show_entries",
        entries,
        "-of",
        "csv=p=0",
        ...inputArgs(video),
      ],
      signal,
    );
  const format = parseStreamFormat(await ask("stream=codec_name,pix_fmt,time_base"));
  if (format.codec !== "h264") {
    await runFfmpeg(holdWholeArgs(video, waits, input.output), { signal });
    return;
  }
  const pieces = holdPieces(
    parseKeyframes(await ask("packet=pts_time,dts_time,flags")),
    waits,
    input.durationMs / 1000,
  );
  const stretches = pieces.filter((p) => p.kind === "hold");
  const files = stretches.map((_, i) => join(input.workDir, `held-${i}.mp4`));
  await Promise.all(
    stretches.map((p, i) => runFfmpeg(holdStretchArgs(video, p, files[i] as string, format), { signal })),
  );
  const script = join(input.workDir, "held.ffconcat");
  await writeFile(script, concatScript(video.path, pieces, files));
  await runFfmpeg(
    [
      // the script is ours; what it names is the user's checked file and our MP4 stretches, each read by
      // its own demuxer only (the concat demuxer passes its format allow-list on to the files it opens)
      ...["-format_whitelist", `concat,mov,${video.demuxer}`, "-f", "concat", "-safe", "0", "-i", script],
      ...["-map", "0:v:0", "-c", "copy", "-f", "mp4", input.output],
    ],
    { signal },
  );
  await Promise.all([script, ...files].map((f) => rm(f, { force: true })));
}

/** A stretch of the sound around holds, on the original's timeline (s), played at `tempo` (< 1). */
interface SoundStretch {
  from: number;
  to: number;
  tempo: number;
}

/**
 * Pure: where the sound (the background, the original voice) is lengthened to follow the picture's holds,
 * without changing its pitch: around each hold, a window of at least 2 s and three times the hold is
 * slowed to fill the hold's time too (windows that meet are one), so the music slows a little over a few
 * seconds instead of stopping.
 */
export function soundStretches(waits: Wait[], durationS: number): SoundStretch[] {
  const windows: { from: number; to: number; added: number }[] = [];
  for (const w of [...waits].sort((a, b) => a.at - b.at)) {
    const at = Math.min(w.at / 1000, durationS);
    const length = Math.min(durationS, Math.max(2, (3 * w.ms) / 1000));
    const from = Math.max(0, Math.min(at - length / 2, durationS - length));
    const to = Math.min(durationS, from + length);
    const last = windows.at(-1);
    if (last && from <= last.to) {
      last.to = Math.max(last.to, to);
      last.added += w.ms / 1000;
    } else windows.push({ from, to, added: w.ms / 1000 });
  }
  return windows.map((w) => ({ from: w.from, to: w.to, tempo: (w.to - w.from) / (w.to - w.from + w.added) }));
}

/** Pure: atempo takes 0.5 to 100 per instance: a slower tempo is a chain of equal steps. */
export function atempoChain(tempo: number): string {
  const steps = Math.max(1, Math.ceil(Math.log(tempo) / Math.log(0.5)));
  const step = tempo ** (1 / steps);
  return Array.from({ length: steps }, () => `atempo=${step.toFixed(6)}`).join(",");
}

/** Pure: the filter graph lengthening the first input's sound ([0:a]) at its stretches, into [a]. */
function stretchSoundGraph(stretches: SoundStretch[]): string {
  const parts: string[] = [];
  let cursor = 0;
  const piece = (from: number, to: number | null, tempo: number | null) => {
    const range = to === null ? `start=${seconds(from)}` : `start=${seconds(from)}:end=${seconds(to)}`;
    parts.push(`atrim=${range},asetpts=PTS-STARTPTS${tempo === null ? "" : `,${atempoChain(tempo)}`}`);
  };
  for (const s of stretches) {
    if (s.from > cursor) piece(cursor, s.from, null);
    piece(s.from, s.to, s.tempo);
    cursor = s.to;
  }
  piece(cursor, null, null);
  const n = parts.length;
  return [
    `[0:a]asplit=${n}${parts.map((_, i) => `[i${i}]`).join("")}`,
    ...parts.map((p, i) => `[i${i}]${p}[o${i}]`),
    `${parts.map((_, i) => `[o${i}]`).join("")}concat=n=${n}:v=0:a=1[a]`,
  ].join(";");
}

/** Pure: ffmpeg's arguments lengthening a raw float32 sound file (ours) at its stretches. */
export function stretchSoundArgs(
  input: string,
  output: string,
  stretches: SoundStretch[],
  format: { sampleRate: number; channels: number },
): string[] {
  const raw = ["-f", "f32le", "-ar", String(format.sampleRate), "-ac", String(format.channels)];
  const graph = stretchSoundGraph(stretches);
  return [...raw, "-i", input, "-filter_complex", graph, "-map", "[a]", "-c:a", "pcm_f32le", ...raw, output];
}

/**
 * Pure: ffmpeg's arguments for a video's own sound lengthened as its picture is held (the original-language
 * track of the all-languages file), as AAC in an M4A.
 */
export function heldSoundArgs(video: MediaInput, stretches: SoundStretch[], output: string): string[] {
  return [
    ...inputArgs(video),
    ...["-filter_complex", stretchSoundGraph(stretches), "-map", "[a]"],
    ...["-c:a", "aac", "-b:a", "160k", "-vn", "-sn", "-dn", "-f", "ipod", output],
  ];
}
