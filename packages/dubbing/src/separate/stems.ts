// A project's stems: the original's audio separated once into a background (music, effects, room; the
// original's channels at the mix rate, FLAC) and a voice (16 kHz mono FLAC, what recognition listens
// to), with a stems.json naming the engine. Computed by transcribe() or, when missing, by the first
// "keep" dub; stored with the project and reused by every dub after it.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { mergeRegions, type Region } from "../audio/features.ts";
import type { EngineRegistry } from "../engines/registry.ts";
import type { SeparationEngine, SeparationInput, SeparationResult } from "../engines/types.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import { decodeAudioArgs } from "../media/args.ts";
import { runFfmpeg } from "../media/run.ts";
import { MIX_RATE } from "../mix/rate.ts";

export const STEM_FILES = {
  background: "background.flac",
  voice: "voice.flac",
  info: "stems.json",
  speech: "speech.json",
} as const;

/**
 * speech.json: where speech was heard (ms) at transcription, on the voice stem when the audio was
 * separated, else on the original. Written whether or not the separation worked, so that the speech no
 * segment covers is marked, and kept out of a ducked dub, in both cases.
 */
export interface SpeechActivity {
  heardOn: "voice" | "original";
  /** The energy VAD's (a ducked dub keeps the original out of these). */
  regions: Region[];
  /**
   * Where a voice model (Silero VAD, separate/voice-vad.ts) heard a voice on the same audio: absent when it
   * could not run, and in speech.json written before it existed.
   */
  voiced?: Region[];
}

/** stems.json: what made the stems. */
interface StemsInfo {
  engine: string;
  params: Record<string, unknown>;
  channels: number;
  sampleRate: number;
  /** Wall seconds of the separation itself, the CPU seconds of this process meanwhile, and the audio's length. */
  seconds: number;
  cpuSeconds: number;
  durationMs: number;
  /** Where the voice stem has speech (ms): stems made before speech.json kept it here. */
  voiceActivity?: Region[];
}

export interface Stems extends StemsInfo {
  dir: string;
  background: string;
  voice: string;
}

/** An audio file and the rate and channels it has (raw float32) or is to have. */
export interface AudioFileAt {
  file: string;
  rate: number;
  channels: number;
}

/** Pure: ffmpeg arguments from raw float32 to a 16-bit FLAC at the output's rate and channels. */
export function rawToFlacArgs(input: AudioFileAt, output: AudioFileAt): string[] {
  return [
    ...["-f", "f32le", "-ar", String(input.rate), "-ac", String(input.channels), "-i", input.file],
    ...["-ar", String(output.rate), "-ac", String(output.channels), "-sample_fmt", "s16", "-c:a", "flac"],
    output.file,
  ];
}

/** Pure: ffmpeg arguments for a file's mid, (left + right) / 2, as raw float32 (ffmpeg's own downmix is −3 dB). */
function midArgs(input: string, output: string, rate: number, channels: number): string[] {
  const mid = channels === 2 ? ["-af", "pan=mono|c0=0.5*c0+0.5*c1"] : ["-ac", "1"];
  return ["-i", input, ...mid, "-ar", String(rate), "-c:a", "pcm_f32le", "-f", "f32le", output];
}

/**
 * An engine's two stem files (any format ffmpeg reads) as the raw float32 stems of a SeparationResult in
 * the work dir: the background with the input's channels, the voice's mid.
 */
export async function decodeStemFiles(
  files: { background: string; vocals: string },
  input: { workDir: string; sampleRate: number; channels: number; signal?: AbortSignal },
): Promise<{ background: string; voice: string }> {
  const background = join(input.workDir, "background.f32");
  const voice = join(input.workDir, "voice.f32");
  const { sampleRate, channels, signal } = input;
  await runFfmpeg(decodeAudioArgs(files.background, background, sampleRate, channels), { signal });
  await runFfmpeg(midArgs(files.vocals, voice, sampleRate, channels), { signal });
  return { background, voice };
}

/** Pure: ffmpeg arguments from raw float32 (`rate`, `channels`) to a 16-bit WAV of the same. */
export function rawToWavArgs(input: string, rate: number, channels: number, output: string): string[] {
  return [
    ...["-f", "f32le", "-ar", String(rate), "-ac", String(channels), "-i", input],
    ...["-c:a", "pcm_s16le", "-f", "wav", output],
  ];
}

/**
 * The registry's first available separation engine (`prefer` first) on `input`; an engine that refuses
 * for want of speech-free audio (the spectral one, on a talk over continuous music) hands over to the next
 * available one, which needs none (DeepFilterNet3). Any other failure, or the last refusal, is thrown.
 */
async function separateWithFallback(
  registry: EngineRegistry,
  prefer: string | undefined,
  input: SeparationInput,
): Promise<{ engine: SeparationEngine; result: SeparationResult }> {
  const all = registry.list("separation");
  const ordered = prefer
    ? [...all.filter((e) => e.id === prefer), ...all.filter((e) => e.id !== prefer)]
    : all;
  let refused: unknown = null;
  for (const engine of ordered) {
    if (!(await registry.availability(engine)).ok) continue;
    try {
      return { engine, result: await engine.separate(input) };
    } catch (err) {
      if (!(err instanceof DubError && err.code === "too_little_background")) throw err;
      refused ??= err;
    }
  }
  if (refused) throw refused;
  // none available: the registry's message names each engine and why
  await registry.pickSeparation(prefer);
  throw new DubError("no_engine", "no separation engine is available");
}

/** Where separateStems' progress stands when the decode and the engine end (the FLAC encodes follow). */
export const SHARES = { decode: 0.1, engine: 0.9 };

/**
 * Separates the first audio stream of `video` into `dir` (created by the caller) with the registry's
 * separation engine (`prefer` first). `speech`: where the voice is known to be (ms). Throws the
 * engine's DubError (e.g. too_little_background) when it cannot.
 */
export async function separateStems(
  video: string,
  dir: string,
  opts: {
    registry: EngineRegistry;
    channels: number;
    durationMs: number;
    speech: Region[];
    prefer?: string;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  },
): Promise<Stems> {
  const channels = Math.min(2, Math.max(1, opts.channels));
  const pcmFile = join(dir, "original.f32");
  const created = [pcmFile];
  // every step reports (an hour's decode or FLAC encode is tens of seconds): decode, engine, FLAC
  const span = (from: number, to: number) => (f: number) =>
    opts.onProgress?.(from + (to - from) * Math.max(0, Math.min(1, f)));
  try {
    await runFfmpeg(decodeAudioArgs(video, pcmFile, MIX_RATE, channels), {
      durationMs: opts.durationMs,
      signal: opts.signal,
      onProgress: span(0, SHARES.decode),
    });
    throwIfAborted(opts.signal);
    const t = performance.now();
    const cpu = process.cpuUsage();
    const { engine, result: r } = await separateWithFallback(opts.registry, opts.prefer, {
      pcmFile,
      sampleRate: MIX_RATE,
      channels,
      workDir: dir,
      speech: opts.speech,
      signal: opts.signal,
      onProgress: span(SHARES.decode, SHARES.engine),
    });
    const seconds = Math.round(performance.now() - t) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = Math.round((used.user + used.system) / 1000) / 1000;
    created.push(r.background, r.voice);
    const background = join(dir, STEM_FILES.background);
    const voice = join(dir, STEM_FILES.voice);
    const encoded = [0, 0];
    const flac = (i: number) => (f: number) => {
      encoded[i] = f;
      span(SHARES.engine, 1)((encoded[0]! + encoded[1]!) / 2);
    };
    const encode = { durationMs: opts.durationMs, signal: opts.signal };
    await Promise.all([
      runFfmpeg(
        rawToFlacArgs(
          { file: r.background, rate: MIX_RATE, channels },
          { file: background, rate: MIX_RATE, channels },
        ),
        { ...encode, onProgress: flac(0) },
      ),
      runFfmpeg(
        rawToFlacArgs(
          { file: r.voice, rate: MIX_RATE, channels: 1 },
          { file: voice, rate: 16_000, channels: 1 },
        ),
        { ...encode, onProgress: flac(1) },
      ),
    ]);
    const info: StemsInfo = {
      engine: engine.id,
      params: r.params,
      channels,
      sampleRate: MIX_RATE,
      seconds,
      cpuSeconds,
      durationMs: opts.durationMs,
    };
    await writeFile(join(dir, STEM_FILES.info), `${JSON.stringify(info, null, 2)}\n`);
    return { ...info, dir, background, voice };
  } finally {
    await Promise.all(created.map((f) => rm(f, { force: true })));
  }
}

/** Writes speech.json into `dir` (created). */
export async function writeSpeechActivity(dir: string, activity: SpeechActivity): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, STEM_FILES.speech), `${JSON.stringify(activity)}\n`);
}

/** Pure: speech.json's text, else (stems made before it existed) the voice activity stems.json kept. */
export function parseSpeechActivity(
  speechJson: string | null,
  stemsJson: string | null,
): SpeechActivity | null {
  if (speechJson !== null) return JSON.parse(speechJson) as SpeechActivity;
  const info = stemsJson === null ? null : (JSON.parse(stemsJson) as StemsInfo);
  return info?.voiceActivity ? { heardOn: "voice", regions: info.voiceActivity } : null;
}

/** Where speech was heard, from the stems folder `dir`, or null when it holds no record of it. */
export async function readSpeechActivity(dir: string): Promise<SpeechActivity | null> {
  const read = (name: string) => readFile(join(dir, name), "utf8").catch(() => null);
  return parseSpeechActivity(await read(STEM_FILES.speech), await read(STEM_FILES.info));
}

/**
 * Pure: the stretches where the voice has speech that no segment covers, at least `minMs` long
 * (shorter ones are breaths and the edges of segments), for "Untranscribed speech … — add a line".
 */
export function untranscribedSpeech(voice: Region[], segments: Region[], minMs = 1000): Region[] {
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  const out: Region[] = [];
  for (const v of voice) {
    let t = v.start;
    for (const s of sorted) {
      if (s.end <= t || s.start >= v.end) continue;
      if (s.start > t) out.push({ start: t, end: s.start });
      t = Math.max(t, s.end);
    }
    if (t < v.end) out.push({ start: t, end: v.end });
  }
  // gaps between voice regions under 300 ms are one stretch
  const joined: Region[] = [];
  for (const r of out) {
    const last = joined.at(-1);
    if (last && r.start - last.end < 300) last.end = r.end;
    else joined.push({ ...r });
  }
  return joined.filter((r) => r.end - r.start >= minMs);
}

/** The share of an energy VAD's stretch the voice model must hear a voice in for it to be marked. */
export const VOICED_SHARE = 0.3;

const overlapMs = (a: Region, b: Region) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/**
 * Pure: the "Untranscribed speech" marks: where speech was heard that no segment covers (untranscribedSpeech),
 * only where the voice model heard a voice when it ran: its own stretches, and the energy VAD's in which it
 * heard one for at least VOICED_SHARE of their length (it hears less of a voice under loud music, 0 dB: a
 * lost sentence stays marked whole). Music left in a voice stem, before, between and after the sentences,
 * is not marked (#60 item 6; bench/pipeline/untranscribed.ts).
 */
export function untranscribedMarks(activity: SpeechActivity, segments: Region[]): Region[] {
  const heard = untranscribedSpeech(activity.regions, segments);
  const voiced = activity.voiced;
  if (!voiced) return heard;
  const confirmed = heard.filter(
    (s) => voiced.reduce((a, v) => a + overlapMs(s, v), 0) >= VOICED_SHARE * (s.end - s.start),
  );
  return mergeRegions([...untranscribedSpeech(voiced, segments), ...confirmed]);
}

/** The stems stored in `dir`, or null when it holds none (no stems.json). */
export async function readStems(dir: string): Promise<Stems | null> {
  const text = await readFile(join(dir, STEM_FILES.info), "utf8").catch(() => null);
  if (text === null) return null;
  const info = JSON.parse(text) as StemsInfo;
  return { ...info, dir, background: join(dir, STEM_FILES.background), voice: join(dir, STEM_FILES.voice) };
}

/**
 * The stems in `dir` if it holds them, else separated now into it (created), with `speech` as where the
 * voice is known to be.
 */
export async function stemsFor(
  video: string,
  dir: string,
  opts: Parameters<typeof separateStems>[2],
): Promise<Stems> {
  const stored = await readStems(dir);
  if (stored) return stored;
  await mkdir(dir, { recursive: true });
  return separateStems(video, dir, opts);
}
