import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import { resample, trimBounds } from "../audio/dsp.ts";
import { encodeWav, parseWav, toMono } from "../audio/wav.ts";
import { type DocMeta, type PlannedSegment, planSegments, type TranscriptDoc } from "../doc.ts";
import { defaultRegistry } from "../engines/default.ts";
import type { Clip, TtsEngine } from "../engines/types.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import { atempoArgs, decodeAudioArgs, mp4CanCopyVideo, muxArgs } from "../media/args.ts";
import { MediaError } from "../media/errors.ts";
import { probe } from "../media/probe.ts";
import { runFfmpeg } from "../media/run.ts";
import { applyGain, integratedLoudness, normalizeLoudness, truePeakDb } from "../mix/loudness.ts";
import { addClip, duck, levelGain, type Range } from "../mix/mixer.ts";
import { toSrt, toVtt } from "../subtitles/subtitles.ts";
import { chooseRate, FIT_DEFAULTS, type FitOptions, fitAll, speedHistogram } from "../timing/fit.ts";
import { hashKey } from "../util/hash.ts";
import { defaultConcurrency, mapLimit } from "../util/pool.ts";
import { type CommonOptions, progressReporter, since, workDir } from "./common.ts";
import { type ResolvedVoice, resolveVoice } from "./voices.ts";

/**
 * The mix's sample rate: 44.1 kHz, an exact 2× of espeak-ng's 22.05 kHz, so that the clips' resampling
 * is cheap (half the samples are copies); the original audio is resampled by ffmpeg while the TTS runs.
 */
export const MIX_RATE = 44_100;

export interface DubOptions extends CommonOptions {
  /** Output MP4 path (default: next to the video, "<name>.<language>.mp4"). */
  output?: string;
  /** Cache and intermediate files; keep it between calls so a re-dub only re-synthesizes changed segments. */
  workDir?: string;
  /** "duck" keeps the original audio lowered under the dub (default); "remove" drops it. */
  background?: "duck" | "remove";
  /** How much the original is lowered under the dub (dB, default 18). */
  duckDb?: number;
  /** Timing fit settings (DESIGN §4 defaults). */
  fit?: FitOptions;
  /** Loudness target (LUFS, default −16) and true-peak ceiling (dBTP, default −1.5, under the −1 limit). */
  targetLufs?: number;
  ceilingDbtp?: number;
  /** Write .srt/.vtt next to the MP4 (default true). */
  subtitles?: boolean;
}

export interface SegmentReport {
  /** Index in the document's transcript. */
  index: number;
  speaker: string;
  text: string;
  slot: { start: number; end: number };
  /** Trimmed clip length at the voice's normal rate (ms); null for an empty segment. */
  naturalMs: number | null;
  /** Trimmed clip length at the synthesis rate used (ms). */
  clipMs: number | null;
  /** Speaking rate used at synthesis (1 = normal). */
  rate: number;
  /** atempo stretch (1 = none). */
  tempo: number;
  /** Overall speed relative to the natural clip: naturalMs / placed length. */
  speed: number;
  placed: { start: number; end: number } | null;
  borrowedMs: number;
  tooLong: boolean;
  /** Clip taken from the work dir's cache (not re-synthesized). */
  cached: boolean;
  empty: boolean;
}

export interface DubReport {
  video: string;
  output: string;
  language: string;
  durationMs: number;
  channels: number;
  background: "duck" | "remove";
  duckDb: number;
  fit: Required<FitOptions>;
  voices: Record<string, { engine: string; voice: string; catalogVoice?: string }>;
  translation?: NonNullable<DocMeta["translation"]>;
  loudness: {
    inputLufs: number;
    outputLufs: number;
    truePeakDb: number;
    gainDb: number;
    limitedDb: number;
    /** Measured on the encoded file's decoded audio. */
    encoded: { lufs: number; truePeakDb: number; coder: string; attempts: number };
  };
  segments: SegmentReport[];
  totals: {
    segments: number;
    dubbed: number;
    empty: number;
    tooLong: number;
    stretched: number;
    borrowed: number;
    resynthesized: number;
    cached: number;
    speedHistogram: ReturnType<typeof speedHistogram>;
    maxSpeed: number;
    atMost1_3: number;
  };
  warnings: string[];
  /** Seconds per stage. */
  timings: Record<string, number>;
}

export interface DubResult {
  mp4: string;
  srt: string | null;
  vtt: string | null;
  reportFile: string;
  report: DubReport;
}

interface SynthOut {
  clip: Clip;
  key: string;
  cached: boolean;
}

/** TTS with a cache in the work dir, keyed by engine, voice, language, text and rate. Clips are trimmed. */
async function synthCached(
  dir: string,
  v: ResolvedVoice,
  language: string,
  text: string,
  rate: number,
  signal?: AbortSignal,
): Promise<SynthOut> {
  const key = hashKey("tts", v.engine.id, v.voice.id, language, text, rate);
  const file = join(dir, `${key}.wav`);
  try {
    const pcm = parseWav(await readFile(file));
    return { clip: { samples: toMono(pcm), sampleRate: pcm.sampleRate }, key, cached: true };
  } catch {
    // not cached yet
  }
  const raw = await (v.engine as TtsEngine).synthesize({
    text,
    voice: v.voice.id,
    language: v.voice.language,
    rate,
    signal,
  });
  const b = trimBounds(raw.samples, raw.sampleRate);
  const clip = { samples: raw.samples.slice(b.start, Math.max(b.start, b.end)), sampleRate: raw.sampleRate };
  await writeFile(file, encodeWav(clip.samples, clip.sampleRate));
  return { clip, key, cached: false };
}

const ms = (c: Clip) => Math.round((c.samples.length / c.sampleRate) * 1000);

/** Raw little-endian float32 bytes as a Float32Array (a view when aligned, else a copy). */
function floats(b: Buffer): Float32Array {
  const n = Math.floor(b.length / 4);
  if (b.byteOffset % 4 === 0) return new Float32Array(b.buffer, b.byteOffset, n);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + n * 4));
}

/**
 * Transcript (usually translated) + the original video → dubbed MP4 + SRT + VTT + JSON report.
 * TTS per segment with the speaker's voice → timing fit (rate, borrow, atempo, too long) → placed at the
 * segment's absolute start → background ducked or removed → −16 LUFS, true peak ≤ −1 dBTP → AAC →
 * muxed with the original video stream copied. Output duration = input duration.
 * Errors: MediaError (not_found, not_media, no_video_stream, ffmpeg_failed, aborted); DubError
 * (invalid_segment, no_engine, engine_failed, aborted).
 */
export async function dub(video: string, doc: TranscriptDoc, opts: DubOptions = {}): Promise<DubResult> {
  const registry = opts.registry ?? defaultRegistry();
  const concurrency = opts.concurrency ?? defaultConcurrency();
  const background = opts.background ?? "duck";
  const duckDb = opts.duckDb ?? 18;
  const fitOpts = { ...FIT_DEFAULTS, ...opts.fit };
  const report = progressReporter({ prepare: 2, tts: 50, fit: 10, mix: 13, encode: 25 }, opts.onProgress);
  const timings: Record<string, number> = {};
  let t = performance.now();
  report("prepare", 0);

  const info = await probe(video, { signal: opts.signal });
  if (!info.video) throw new MediaError("no_video_stream", "the input has no video stream to dub");
  if (!mp4CanCopyVideo(info.video.codec))
    throw new DubError(
      "unsupported_video",
      `the video codec ${info.video.codec} cannot be copied into an MP4; convert the video to H.264 first (normalizeVideoArgs)`,
    );
  const durationMs = info.durationMs;
  const { segments, warnings } = planSegments(doc, durationMs);
  const output =
    opts.output ?? join(dirname(video), `${basename(video, extname(video))}.${doc.language}.mp4`);
  const work = await workDir(opts.workDir, "dub-render-");
  const clipDir = join(work.dir, "clips");
  await mkdir(clipDir, { recursive: true });
  // stops background work (the parallel decode) on failure or when the caller aborts
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // voices, once per speaker
    const voices = new Map<string, ResolvedVoice>();
    for (const [i, s] of doc.speakers.entries()) {
      if (segments.some((seg) => seg.speaker === s.id && seg.text.trim()))
        voices.set(s.id, await resolveVoice(registry, s, doc.language, i));
    }
    timings.prepare = since(t);

    // the original audio is decoded by ffmpeg while the TTS runs (it is only needed for the mix)
    const channels = Math.min(2, Math.max(1, info.audio?.channels ?? 2));
    const bgFile = join(work.dir, "background.f32");
    const bgDecoded =
      background === "duck" && info.audio
        ? runFfmpeg(decodeAudioArgs(video, bgFile, MIX_RATE, channels), {
            durationMs,
            signal: stop.signal,
          }).then(() => true)
        : Promise.resolve(false);
    bgDecoded.catch(() => {}); // awaited below; avoid an unhandled rejection while the TTS runs

    // 1. TTS at the normal rate, then at a corrected rate (DESIGN §4: rate before stretching)
    t = performance.now();
    let done = 0;
    const synth = await mapLimit(segments, concurrency, async (seg) => {
      throwIfAborted(opts.signal);
      const text = seg.text.replace(/\s+/g, " ").trim();
      const v = voices.get(seg.speaker);
      if (!text || !v) {
        done++;
        return null;
      }
      const slotMs = seg.end - seg.start;
      const rateOpts = {
        ...fitOpts,
        rateControl: fitOpts.rateControl && v.engine.capabilities.rateControl,
        maxRate: Math.min(fitOpts.maxRate, v.engine.capabilities.maxRate),
        minSpeed: Math.max(fitOpts.minSpeed, v.engine.capabilities.minRate),
      };
      const first = await synthCached(clipDir, v, doc.language, text, 1, opts.signal);
      const naturalMs = ms(first.clip);
      let cur = first;
      let rate = 1;
      let cached = first.cached;
      // two correction passes at most: engines do not scale durations exactly with the rate
      for (let pass = 0; pass < 2; pass++) {
        const next = chooseRate(ms(cur.clip), slotMs, rate, rateOpts);
        if (next === rate) break;
        if (pass === 1 && !(ms(cur.clip) > slotMs && next > rate)) break;
        rate = next;
        cur = await synthCached(clipDir, v, doc.language, text, rate, opts.signal);
        cached = cached && cur.cached;
      }
      done++;
      report("tts", done / segments.length);
      return { naturalMs, rate, clip: cur.clip, key: cur.key, cached };
    });
    timings.tts = since(t);

    // 2. fit (pure) and stretch where needed
    t = performance.now();
    const fits = fitAll(
      segments.map((s, i) => ({ start: s.start, end: s.end, clipMs: synth[i] ? ms(synth[i]!.clip) : null })),
      durationMs,
      fitOpts,
    );
    let stretchedDone = 0;
    const stretchCount = fits.filter((f) => f && f.tempo > 1).length;
    const placedClips = await mapLimit(segments, concurrency, async (_seg, i) => {
      const s = synth[i];
      const f = fits[i];
      if (!s || !f) return null;
      let clip = s.clip;
      if (f.tempo > 1) {
        const key = hashKey("atempo", s.key, f.tempo);
        const out = join(clipDir, `${key}.wav`);
        let stretched: Clip | null = null;
        try {
          const pcm = parseWav(await readFile(out));
          stretched = { samples: toMono(pcm), sampleRate: pcm.sampleRate };
        } catch {
          const src = join(clipDir, `${s.key}.wav`);
          await runFfmpeg(atempoArgs(src, out, f.tempo), { signal: opts.signal });
          const pcm = parseWav(await readFile(out));
          stretched = { samples: toMono(pcm), sampleRate: pcm.sampleRate };
        }
        clip = stretched;
        stretchedDone++;
        report("fit", stretchedDone / Math.max(1, stretchCount));
      }
      const samples = resample(clip.samples, clip.sampleRate, MIX_RATE);
      // whole clip kept (never cut a word); only the too-long case may run past the limit
      return { samples, gain: levelGain(samples, MIX_RATE) };
    });
    timings.fit = since(t);
    report("fit", 1);

    // 3. mix: background (ducked or removed) + clips at their absolute starts
    t = performance.now();
    const frames = Math.round((durationMs * MIX_RATE) / 1000);
    let mix = new Float32Array(frames * channels);
    const speechRanges: Range[] = [];
    segments.forEach((seg, i) => {
      const p = placedClips[i];
      const f = fits[i];
      if (!p || !f) return;
      const start = Math.round((f.start * MIX_RATE) / 1000);
      speechRanges.push({
        start: Math.round((seg.start * MIX_RATE) / 1000),
        end: Math.round((seg.end * MIX_RATE) / 1000),
      });
      speechRanges.push({ start, end: start + p.samples.length });
    });
    if (await bgDecoded) {
      const buf = await readFile(bgFile);
      mix.set(floats(buf).subarray(0, mix.length));
      await rm(bgFile, { force: true });
      duck(mix, channels, speechRanges, duckDb, Math.round(0.15 * MIX_RATE));
    }
    const placedReport: ({ start: number; end: number } | null)[] = segments.map((_seg, i) => {
      const p = placedClips[i];
      const f = fits[i];
      if (!p || !f) return null;
      const start = Math.round((f.start * MIX_RATE) / 1000);
      addClip(mix, channels, p.samples, start, p.gain);
      return { start: f.start, end: f.start + Math.round((p.samples.length / MIX_RATE) * 1000) };
    });
    report("mix", 0.7);
    const loudness = normalizeLoudness(mix, channels, MIX_RATE, {
      targetLufs: opts.targetLufs ?? -16,
      ceilingDbtp: opts.ceilingDbtp ?? -1.5,
    });
    const mixFile = join(work.dir, "mix.f32");
    await writeFile(mixFile, Buffer.from(mix.buffer, mix.byteOffset, mix.byteLength));
    timings.mix = since(t);
    report("mix", 1);

    // 4. encode + mux (video copied), then measure the encoded audio. ffmpeg's AAC "twoloop" coder
    // overshot the true peak of limited TTS speech by up to 3.7 dB in our tests; the "fast" coder
    // (also ~1.5× faster) did not. If the encoded true peak still passes −1 dBTP, the level is lowered
    // by the excess and the audio encoded again.
    t = performance.now();
    await mkdir(dirname(output), { recursive: true });
    const maxTp = -1.05;
    const attempts: { coder: "twoloop" | "fast"; trimDb: number }[] = [
      { coder: "fast", trimDb: 0 },
      { coder: "fast", trimDb: -1 },
    ];
    let encoded = { lufs: Number.NaN, truePeakDb: Number.NaN, coder: "fast", attempts: 0 };
    for (const [i, a] of attempts.entries()) {
      if (i > 0) {
        const excess = encoded.truePeakDb - maxTp;
        const trim = a.trimDb < 0 ? -(excess + 0.2) : 0;
        if (trim < 0) {
          applyGain(mix, 10 ** (trim / 20));
          await writeFile(mixFile, Buffer.from(mix.buffer, mix.byteOffset, mix.byteLength));
        }
      }
      await runFfmpeg(
        muxArgs({ file: mixFile, sampleRate: MIX_RATE, channels }, video, output, { coder: a.coder }),
        {
          durationMs,
          signal: opts.signal,
          onProgress: (f) => report("encode", ((i + f) / attempts.length) * 0.9),
        },
      );
      const check = join(work.dir, "check.f32");
      await runFfmpeg(decodeAudioArgs(output, check, MIX_RATE, channels), { signal: opts.signal });
      const dec = floats(await readFile(check));
      await rm(check, { force: true });
      encoded = {
        lufs: Math.round(integratedLoudness(dec, channels, MIX_RATE) * 100) / 100,
        truePeakDb: Math.round(truePeakDb(dec, channels) * 100) / 100,
        coder: a.coder,
        attempts: i + 1,
      };
      if (encoded.truePeakDb <= maxTp) break;
    }
    mix = new Float32Array(0);
    await rm(mixFile, { force: true });
    let srt: string | null = null;
    let vtt: string | null = null;
    const base = output.replace(/\.mp4$/i, "");
    if (opts.subtitles ?? true) {
      const cues = segments.map((s) => ({ start: s.start, end: s.end, text: s.text }));
      srt = `${base}.srt`;
      vtt = `${base}.vtt`;
      await writeFile(srt, toSrt(cues));
      await writeFile(vtt, toVtt(cues));
    }
    timings.encode = since(t);

    const segReports: SegmentReport[] = segments.map((seg: PlannedSegment, i) => {
      const s = synth[i];
      const f = fits[i];
      const placed = placedReport[i] ?? null;
      const placedMs = placed ? placed.end - placed.start : 0;
      return {
        index: seg.index,
        speaker: seg.speaker,
        text: seg.text,
        slot: { start: seg.start, end: seg.end },
        naturalMs: s ? s.naturalMs : null,
        clipMs: s ? ms(s.clip) : null,
        rate: s ? s.rate : 1,
        tempo: f ? f.tempo : 1,
        speed: s && placedMs > 0 ? Math.round((s.naturalMs / placedMs) * 1000) / 1000 : 1,
        placed,
        borrowedMs: placed ? Math.max(0, placed.end - seg.end) : 0,
        tooLong: f ? f.tooLong : false,
        cached: s ? s.cached : false,
        empty: !s,
      };
    });
    const dubbed = segReports.filter((s) => !s.empty);
    const speeds = dubbed.map((s) => s.speed);
    const rep: DubReport = {
      video,
      output,
      language: doc.language,
      durationMs,
      channels,
      background,
      duckDb,
      fit: fitOpts,
      voices: Object.fromEntries(
        [...voices].map(([id, v]) => [
          id,
          { engine: v.engine.id, voice: v.voice.id, catalogVoice: v.catalogVoice },
        ]),
      ),
      ...(doc.meta?.translation ? { translation: doc.meta.translation } : {}),
      loudness: { ...loudness, encoded },
      segments: segReports,
      totals: {
        segments: segReports.length,
        dubbed: dubbed.length,
        empty: segReports.length - dubbed.length,
        tooLong: dubbed.filter((s) => s.tooLong).length,
        stretched: dubbed.filter((s) => s.tempo > 1).length,
        borrowed: dubbed.filter((s) => s.borrowedMs > 0).length,
        resynthesized: dubbed.filter((s) => !s.cached).length,
        cached: dubbed.filter((s) => s.cached).length,
        speedHistogram: speedHistogram(speeds),
        maxSpeed: speeds.length ? Math.max(...speeds) : 1,
        atMost1_3: speeds.length
          ? Math.round((speeds.filter((v) => v <= 1.3001).length / speeds.length) * 1000) / 1000
          : 1,
      },
      warnings,
      timings,
    };
    const reportFile = `${base}.report.json`;
    await writeFile(reportFile, `${JSON.stringify(rep, null, 2)}\n`);
    report("encode", 1);
    return { mp4: output, srt, vtt, reportFile, report: rep };
  } catch (err) {
    if (err instanceof DubError || err instanceof MediaError) throw err;
    throw new DubError("engine_failed", `dubbing failed: ${String(err)}`, { cause: err });
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
    stop.abort();
    await work.done();
  }
}

/**
 * Re-dub after edits: the same as dub() with a kept work dir, so only segments whose text, voice or
 * rate changed are synthesized again (the report's `cached` / totals.resynthesized say which). The audio
 * mix and the mux are redone (they take seconds).
 */
export function redubSegments(
  video: string,
  doc: TranscriptDoc,
  opts: DubOptions & { workDir: string },
): Promise<DubResult> {
  if (!opts.workDir)
    throw new DubError("invalid_document", "redubSegments needs the workDir of the previous dub");
  return dub(video, doc, opts);
}
