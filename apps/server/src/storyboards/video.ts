// Pure: the ffmpeg command that turns frames (image + narration) into the storyboard's MP4.

const VIDEO_WIDTH = 1280;
const VIDEO_HEIGHT = 720;
const FPS = 25;
/** The image is scaled to this multiple of the output before pan/zoom, which keeps the motion smooth. */
const SCALE = 1.5;
/** Crossfade between frames (seconds). */
const CROSSFADE_SECONDS = 0.5;
/** A breath after each narration (seconds), and the shortest a frame is shown. */
const PAUSE_SECONDS = 0.15;
export const MIN_FRAME_SECONDS = 1;

export interface VideoFrame {
  /** A local image file (any format ffmpeg reads). */
  image: string;
  /** A local WAV file of the narration. */
  audio: string;
  /** How long the frame is on screen, and its narration with the pause: the audio is padded to this. */
  seconds: number;
  /** A local text file with the (wrapped) subtitle, when subtitles are burned in. */
  subtitleFile?: string;
}

/** Pure: how long a frame is shown for a narration of `speechMs`. */
export function frameSeconds(speechMs: number): number {
  return Math.max(MIN_FRAME_SECONDS, Math.round(speechMs + PAUSE_SECONDS * 1000) / 1000);
}

/** Pure: the start time (s) of each frame in the final video; crossfades overlap the frame before. */
export function frameStarts(seconds: number[]): number[] {
  const starts: number[] = [];
  let t = 0;
  for (const s of seconds) {
    starts.push(round3(t));
    t += s;
  }
  return starts;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Gentle pan/zoom per frame, alternating: zoom in, pan right, zoom out, pan left. `n` is the number of
 * output frames; expressions use `on` (output frame number).
 */
export function kenBurns(index: number, n: number): string {
  const last = Math.max(1, n - 1);
  const centre = "x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)'";
  switch (index % 4) {
    case 0:
      return `z='1+0.08*on/${last}':${centre}`;
    case 1:
      return `z='1.08':x='(iw-iw/zoom)*on/${last}':y='ih/2-(ih/zoom/2)'`;
    case 2:
      return `z='1.08-0.08*on/${last}':${centre}`;
    default:
      return `z='1.08':x='(iw-iw/zoom)*(1-on/${last})':y='ih/2-(ih/zoom/2)'`;
  }
}

/** Escapes a value for use inside an ffmpeg filter option (a path in textfile=). */
export function filterPath(p: string): string {
  return p.replace(/\\/g, "\\\\").replace(/:/g, "\\:").replace(/'/g, "\\'").replace(/,/g, "\\,");
}

/**
 * Pure: ffmpeg arguments for the whole video. Each frame's clip lasts its `seconds` plus the crossfade
 * (except the last), so with the crossfades overlapping, frame i starts exactly at the sum of the frames
 * before it and the video lasts the sum of all frames — the same as the narration track.
 */
export function storyboardVideoArgs(
  frames: VideoFrame[],
  output: string,
  opts: { fontOption: string },
): string[] {
  if (frames.length === 0) throw new Error("a storyboard video needs at least one frame");
  const n = frames.length;
  const x = CROSSFADE_SECONDS;
  const inputs: string[] = [];
  for (const f of frames) inputs.push("-i", f.image);
  for (const f of frames) inputs.push("-i", f.audio);
  const filters: string[] = [];
  frames.forEach((f, i) => {
    const clip = i < n - 1 ? f.seconds + x : f.seconds;
    const count = Math.max(1, Math.round(clip * FPS));
    filters.push(
      `[${i}:v]scale=${VIDEO_WIDTH * SCALE}:${VIDEO_HEIGHT * SCALE}:force_original_aspect_ratio=increase,` +
        `crop=${VIDEO_WIDTH * SCALE}:${VIDEO_HEIGHT * SCALE},setsar=1,` +
        `zoompan=${kenBurns(i, count)}:d=${count}:s=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:fps=${FPS},` +
        `trim=end_frame=${count},format=yuv420p,setsar=1[v${i}]`,
    );
  });
  const starts = frameStarts(frames.map((f) => f.seconds));
  let last = "v0";
  for (let i = 1; i < n; i++) {
    const out = `x${i}`;
    filters.push(`[${last}][v${i}]xfade=transition=fade:duration=${x}:offset=${starts[i]}[${out}]`);
    last = out;
  }
  const subtitles = frames
    .map((f, i) =>
      f.subtitleFile
        ? `drawtext=${opts.fontOption}:expansion=none:textfile='${filterPath(f.subtitleFile)}':fontsize=34:fontcolor=white:` +
          `line_spacing=8:box=1:boxcolor=black@0.55:boxborderw=14:x=(w-text_w)/2:y=h-text_h-56:` +
          `enable='between(t,${starts[i]},${round3(starts[i]! + f.seconds)})'`
        : null,
    )
    .filter((s): s is string => s !== null);
  filters.push(`[${last}]${subtitles.length ? subtitles.join(",") : "null"}[vout]`);
  frames.forEach((f, i) => {
    filters.push(
      `[${n + i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=mono,` +
        `apad=whole_dur=${f.seconds},atrim=end=${f.seconds},asetpts=N/SR/TB[a${i}]`,
    );
  });
  filters.push(`${frames.map((_, i) => `[a${i}]`).join("")}concat=n=${n}:v=0:a=1[aout]`);
  const total = round3(frames.reduce((sum, f) => sum + f.seconds, 0));
  return [
    ...inputs,
    "-filter_complex",
    filters.join(";"),
    "-map",
    "[vout]",
    "-map",
    "[aout]",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(FPS),
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ac",
    "2",
    "-t",
    String(total),
    "-movflags",
    "+faststart",
    output,
  ];
}
