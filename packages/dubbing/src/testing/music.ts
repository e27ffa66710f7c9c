// Real speech over real music, for the separation's tests and bench: the speech (16 kHz mono) placed in
// the centre of a stereo mix at 44.1 kHz over a piece of Debian's asc-music (22.05 kHz stereo MP3s),
// which plays `musicDb` under the speech's active level. Writes both source stems as raw float32
// (interleaved stereo) and the mixture as an MP4 with a test pattern, so that what is left of each
// source in any output can be measured (stemShares).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeWav } from "../audio/wav.ts";

export const MUSIC_DIR = "/usr/share/games/asc/music";
const MUSIC_FILES = ["frontiers.mp3", "machine_wars.mp3", "time_to_strike.mp3"];
export const STEM_RATE = 44_100;

const ffmpeg = (args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args]);

/** Raw float32 of a file's audio at 44.1 kHz, `channels`, from `startS` for `seconds`. */
export function decodeF32(file: string, channels: number, startS = 0, seconds?: number): Float32Array {
  const out = execFileSync(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", "-ss", String(startS), "-i", file],
      ...(seconds ? ["-t", String(seconds)] : []),
      ...["-vn", "-f", "f32le", "-ac", String(channels), "-ar", String(STEM_RATE), "-"],
    ],
    { maxBuffer: 1 << 30 },
  );
  return new Float32Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
}

export interface SpeechOverMusic {
  video: string;
  /** Source stems, raw float32 interleaved stereo at STEM_RATE, as long as the video's audio. */
  speech: Float32Array;
  music: Float32Array;
  frames: number;
}

/** Pure: RMS of the frames louder than −50 dBFS in 10 ms frames (the active level) of mono samples. */
function activeRms(x: Float32Array, rate: number): number {
  const f = Math.round(rate / 100);
  let sum = 0;
  let count = 0;
  for (let o = 0; o + f <= x.length; o += f) {
    let s = 0;
    for (let i = 0; i < f; i++) s += (x[o + i] as number) ** 2;
    if (s / f > 1e-5) {
      sum += s;
      count += f;
    }
  }
  return Math.sqrt(sum / Math.max(1, count));
}

/**
 * Mixes `speechWav` (any WAV; placed in the centre, both channels) over `music` (a file of MUSIC_DIR from
 * `musicStartS`) `musicDb` under the speech's active level, into `<name>.mp4` in dir.
 */
export function speechOverMusic(
  dir: string,
  speechWav: string,
  opts: { name?: string; music?: string; musicStartS?: number; musicDb?: number } = {},
): SpeechOverMusic {
  const { name = "music", music = MUSIC_FILES[0]!, musicStartS = 30, musicDb = -14 } = opts;
  const mono = decodeF32(speechWav, 1);
  const frames = mono.length;
  const m = decodeF32(join(MUSIC_DIR, music), 2, musicStartS, frames / STEM_RATE + 1).subarray(0, frames * 2);
  const monoMusic = new Float32Array(frames);
  for (let i = 0; i < frames; i++) monoMusic[i] = ((m[2 * i] as number) + (m[2 * i + 1] as number)) / 2;
  const g =
    (activeRms(mono, STEM_RATE) * 10 ** (musicDb / 20)) /
    Math.sqrt(monoMusic.reduce((a, v) => a + v * v, 0) / frames);
  const speech = new Float32Array(frames * 2);
  const musicStem = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    speech[2 * i] = speech[2 * i + 1] = mono[i] as number;
    musicStem[2 * i] = (m[2 * i] as number) * g;
    musicStem[2 * i + 1] = (m[2 * i + 1] as number) * g;
  }
  const mixFile = join(dir, `${name}.f32`);
  const mix = new Float32Array(frames * 2);
  for (let i = 0; i < mix.length; i++) mix[i] = (speech[i] as number) + (musicStem[i] as number);
  writeFileSync(mixFile, new Uint8Array(mix.buffer));
  const video = join(dir, `${name}.mp4`);
  const seconds = (frames / STEM_RATE).toFixed(3);
  ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc=size=320x240:rate=25:duration=${seconds}`],
    ...["-f", "f32le", "-ar", String(STEM_RATE), "-ac", "2", "-i", mixFile],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-b:a", "192k", "-shortest", video],
  ]);
  rmSync(mixFile, { force: true });
  return { video, speech, music: musicStem, frames };
}

/**
 * A mono 16 kHz WAV of `parts` (WAV files) with `gapMs` of silence between them, and `edgeMs` (gapMs
 * unless given) before the first and after the last (music over it is an intro and an outro).
 */
export function joinSpeech(
  out: string,
  parts: string[],
  gapMs: number,
  edgeMs = gapMs,
): { start: number; end: number }[] {
  const rate = 16_000;
  const chunks: Float32Array[] = [];
  const regions: { start: number; end: number }[] = [];
  const gap = new Float32Array(Math.round((gapMs * rate) / 1000));
  const edge = new Float32Array(Math.round((edgeMs * rate) / 1000));
  let t = 0;
  for (const [i, p] of parts.entries()) {
    const before = i === 0 ? edge : gap;
    chunks.push(before);
    t += before.length;
    const buf = execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-i", p, "-f", "f32le", "-ac", "1", "-ar", String(rate), "-"],
    ]);
    const x = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    regions.push({ start: Math.round((t * 1000) / rate), end: Math.round(((t + x.length) * 1000) / rate) });
    chunks.push(x);
    t += x.length;
  }
  chunks.push(edge);
  const all = new Float32Array(t + edge.length);
  let o = 0;
  for (const c of chunks) {
    all.set(c, o);
    o += c.length;
  }
  writeFileSync(out, encodeWav(all, rate));
  return regions;
}

interface Shares {
  /** Least-squares coefficient of each source stem in the output, inside the ranges. */
  speech: number;
  music: number;
}

/**
 * Pure: the least-squares fit y ≈ a·speech + b·music over the frames of `ranges` (both channels of
 * interleaved stereo), i.e. how much of each source stem is left in y there. Anything else in y (a dub's
 * new voice) is uncorrelated with both and lands in the residual.
 */
export function stemShares(
  y: Float32Array,
  speech: Float32Array,
  music: Float32Array,
  ranges: { start: number; end: number }[],
): Shares {
  const channels = 2;
  let ss = 0;
  let mm = 0;
  let sm = 0;
  let ys = 0;
  let ym = 0;
  for (const r of ranges) {
    const a = Math.max(0, r.start * channels);
    const b = Math.min(y.length, speech.length, r.end * channels);
    for (let i = a; i < b; i++) {
      const s = speech[i] as number;
      const m = music[i] as number;
      const v = y[i] as number;
      ss += s * s;
      mm += m * m;
      sm += s * m;
      ys += v * s;
      ym += v * m;
    }
  }
  const det = ss * mm - sm * sm;
  if (!(det > 0)) return { speech: 0, music: mm > 0 ? ym / mm : 0 };
  return { speech: (ys * mm - ym * sm) / det, music: (ym * ss - ys * sm) / det };
}

/**
 * Pure: the bench's two figures. S: how far the original speech under the lines is below the music's
 * level outside speech (dB down); M: the music's level under the lines relative to outside (dB).
 */
export function suppressionAndRetention(inside: Shares, outside: Shares): { S: number; M: number } {
  const ref = Math.abs(outside.music) || 1e-9;
  return {
    S: -20 * Math.log10(Math.max(1e-6, Math.abs(inside.speech)) / ref),
    M: 20 * Math.log10(Math.max(1e-6, Math.abs(inside.music)) / ref),
  };
}

/** One second of 440 Hz left and 660 Hz right at 44.1 kHz, as raw float32 in `dir`: an engine test's input. */
export function stereoTones(dir: string): { x: Float32Array; pcmFile: string; rate: number } {
  const rate = STEM_RATE;
  const x = new Float32Array(rate * 2);
  for (let i = 0; i < rate; i++) {
    x[2 * i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);
    x[2 * i + 1] = 0.5 * Math.sin((2 * Math.PI * 660 * i) / rate);
  }
  const pcmFile = join(dir, "tones.f32");
  writeFileSync(pcmFile, new Uint8Array(x.buffer));
  return { x, pcmFile, rate };
}

export const readF32 = (file: string): Float32Array => {
  const b = readFileSync(file);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
};
