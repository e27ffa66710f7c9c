import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import { resample } from "../audio/dsp.ts";
import { type DocMeta, type PlannedSegment, planSegments, type TranscriptDoc } from "../doc.ts";
import { defaultRegistry } from "../engines/default.ts";
import { DubError, throwIfAborted } from "../errors.ts";
import { AAC_DELAY, encodeAac } from "../media/aac.ts";
import { atempoArgs, decodeAudioArgs, mp4CanCopyVideo, muxArgs } from "../media/args.ts";
import { MediaError } from "../media/errors.ts";
import { probe } from "../media/probe.ts";
import { runFfmpeg } from "../media/run.ts";
import { gatedLoudness, peakDb } from "../mix/loudness.ts";
import { warmUp } from "../mix/measure.ts";
import { addClip, duck, levelGain, type Range } from "../mix/mixer.ts";
import { normalizeFile, overshootFix } from "../mix/normalize.ts";
import { eachWindow, gainFile, measureFile, pcmFileOfLength, windowFrames } from "../mix/pcmfile.ts";
import { toSrt, toVtt } from "../subtitles/subtitles.ts";
import { chooseRate, FIT_DEFAULTS, type FitOptions, fitAll, speedHistogram } from "../timing/fit.ts";
import { hashKey } from "../util/hash.ts";
import { defaultConcurrency, mapLimit } from "../util/pool.ts";
import { type CommonOptions, progressReporter, since, workDir } from "./common.ts";
import { readClip, type SynthJob, type SynthOut, synthAll } from "./synth.ts";
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
    encoded: {
      lufs: number;
      truePeakDb: number;
      coder: string;
      attempts: number;
      /** How the mix was lowered before each encode after the first (see overshootFix). */
      lowered: ("around peaks" | "all")[];
    };
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

/** One segment through the TTS passes. */
interface SegmentTts {
  job: SynthJob;
  slotMs: number;
  rateOpts: Parameters<typeof chooseRate>[3];
  /** Clip length at the normal rate (ms). */
  naturalMs: number;
  cur: SynthOut | null;
  /** Every clip of this segment came from the cache. */
  cached: boolean;
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
  // the mix, as raw float32 (pcmfile.ts): the original's audio decoded into it, or silence
  const mixFile = join(work.dir, "mix.f32");
  // the encoded audio decoded again, to be measured
  const checkFile = join(work.dir, "check.f32");
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

    warmUp(concurrency, MIX_RATE);
    // the original audio is decoded by ffmpeg while the TTS runs (it is only needed for the mix)
    const channels = Math.min(2, Math.max(1, info.audio?.channels ?? 2));
    const bgDecoded =
      background === "duck" && info.audio
        ? runFfmpeg(decodeAudioArgs(video, mixFile, MIX_RATE, channels), {
            durationMs,
            signal: stop.signal,
          }).then(() => true)
        : Promise.resolve(false);
    bgDecoded.catch(() => {}); // awaited below; avoid an unhandled rejection while the TTS runs

    // 1. TTS at the normal rate, then at a corrected rate (DESIGN §4: rate before stretching): all
    // segments at once per pass, so that engines can take them in batches
    t = performance.now();
    const tts: (SegmentTts | null)[] = segments.map((seg) => {
      const text = seg.text.replace(/\s+/g, " ").trim();
      const v = voices.get(seg.speaker);
      if (!text || !v) return null;
      return {
        job: { v, text, rate: 1 },
        slotMs: seg.end - seg.start,
        rateOpts: {
          ...fitOpts,
          rateControl: fitOpts.rateControl && v.engine.capabilities.rateControl,
          maxRate: Math.min(fitOpts.maxRate, v.engine.capabilities.maxRate),
          minSpeed: Math.max(fitOpts.minSpeed, v.engine.capabilities.minRate),
        },
        naturalMs: 0,
        cur: null,
        cached: true,
      };
    });
    const live = tts.filter((x): x is SegmentTts => x !== null);
    // progress: the first pass is most of the work, the corrections less
    const passShare = [0.6, 0.3, 0.1];
    let passStart = 0;
    const runPass = async (pass: number, items: SegmentTts[]) => {
      let done = 0;
      const share = passShare[pass] as number;
      const outs = await synthAll(
        clipDir,
        doc.language,
        items.map((x) => x.job),
        concurrency,
        opts.signal,
        (n) => {
          done += n;
          report("tts", passStart + (share * done) / Math.max(1, items.length));
        },
      );
      passStart += share;
      items.forEach((x, k) => {
        const out = outs[k] as SynthOut;
        x.cur = out;
        x.cached = x.cached && out.cached;
        if (pass === 0) x.naturalMs = out.clipMs;
      });
    };
    await runPass(0, live);
    // two correction passes at most: engines do not scale durations exactly with the rate
    for (let pass = 1; pass <= 2; pass++) {
      const redo = live.filter((x) => {
        const clipMs = (x.cur as SynthOut).clipMs;
        const next = chooseRate(clipMs, x.slotMs, x.job.rate, x.rateOpts);
        if (next === x.job.rate) return false;
        if (pass === 2 && !(clipMs > x.slotMs && next > x.job.rate)) return false;
        x.job = { ...x.job, rate: next };
        return true;
      });
      if (redo.length === 0) break;
      await runPass(pass, redo);
    }
    report("tts", 1);
    const synth = tts.map((x) =>
      x?.cur ? { naturalMs: x.naturalMs, rate: x.job.rate, ...x.cur, cached: x.cached } : null,
    );
    timings.tts = since(t);

    // 2. fit (pure), then the mix, one window at a time in a file (pcmfile.ts): the background (the
    // original's audio, or silence) ducked under the source speech and the dub (which may borrow the
    // silence after it), and the clips, stretched where needed, added at their absolute starts
    t = performance.now();
    const fits = fitAll(
      segments.map((s, i) => ({ start: s.start, end: s.end, clipMs: synth[i]?.clipMs ?? null })),
      durationMs,
      fitOpts,
    );
    const toFrame = (t: number) => Math.round((t * MIX_RATE) / 1000);
    const frames = toFrame(durationMs);
    const hasBackground = await bgDecoded;
    await pcmFileOfLength(mixFile, channels, frames, hasBackground ? "keep" : "silence");
    const speechRanges: Range[] = segments.flatMap((seg, i) => {
      const f = fits[i];
      return f
        ? [
            { start: toFrame(seg.start), end: toFrame(seg.end) },
            { start: toFrame(f.start), end: toFrame(f.end) },
          ]
        : [];
    });
    const placedReport: ({ start: number; end: number } | null)[] = segments.map(() => null);
    /** Segment i's clip at the mix rate, stretched by its fit's tempo, and its level. */
    const prepare = async (i: number) => {
      const s = synth[i] as NonNullable<(typeof synth)[number]>;
      const f = fits[i] as NonNullable<(typeof fits)[number]>;
      const file = join(clipDir, `${s.key}.wav`);
      const stretched = join(clipDir, `${hashKey("atempo", s.key, f.tempo)}.wav`);
      const clip =
        f.tempo > 1
          ? await readClip(stretched).catch(async () => {
              await runFfmpeg(atempoArgs(file, stretched, f.tempo), { signal: opts.signal });
              return readClip(stretched);
            })
          : await readClip(file);
      const samples = resample(clip.samples, clip.sampleRate, MIX_RATE);
      // whole clip kept (never cut a word); only the too-long case may run past the limit
      placedReport[i] = { start: f.start, end: f.start + Math.round((samples.length / MIX_RATE) * 1000) };
      return { start: toFrame(f.start), samples, gain: levelGain(samples, MIX_RATE) };
    };
    const mixWindow = windowFrames(MIX_RATE, MIX_RATE / 10);
    let next = 0; // the next segment whose clip is prepared (segments are in order of start)
    let active: Awaited<ReturnType<typeof prepare>>[] = [];
    await eachWindow(mixFile, channels, { windowFrames: mixWindow, write: true }, async (w) => {
      throwIfAborted(opts.signal);
      const end = w.start + mixWindow;
      if (hasBackground) duck(w.window, channels, speechRanges, duckDb, Math.round(0.15 * MIX_RATE), w.start);
      const starting: number[] = [];
      for (; next < segments.length && toFrame((segments[next] as PlannedSegment).start) < end; next++)
        if (synth[next] && fits[next]) starting.push(next);
      active.push(...(await mapLimit(starting, concurrency, prepare)));
      for (const c of active) addClip(w.window, channels, c.samples, c.start - w.start, c.gain);
      // a clip that runs into the next window stays for it
      active = active.filter((c) => c.start + c.samples.length > end);
      report("fit", Math.min(1, end / frames));
    });
    timings.fit = since(t);
    report("fit", 1);

    // 3. loudness
    t = performance.now();
    const loudness = await normalizeFile(mixFile, channels, MIX_RATE, {
      targetLufs: opts.targetLufs ?? -16,
      ceilingDbtp: opts.ceilingDbtp ?? -1.5,
      parts: concurrency,
    });
    timings.mix = since(t);
    report("mix", 1);

    // 4. AAC on every core, muxed with the video stream copied, and the encoded audio measured. If its
    // true peak passes −1 dBTP (the encoder can overshoot on transients), the mix is lowered (see
    // overshootFix) and encoded again.
    t = performance.now();
    await mkdir(dirname(output), { recursive: true });
    const maxTp = -1.05;
    const sub = MIX_RATE / 10;
    const aacFile = join(work.dir, "audio.aac");
    let encoded: DubReport["loudness"]["encoded"] = {
      lufs: Number.NaN,
      truePeakDb: Number.NaN,
      coder: "fast",
      attempts: 0,
      lowered: [],
    };
    let decodedPeaks: Float32Array | null = null;
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) {
        const fix = overshootFix(
          encoded.truePeakDb,
          maxTp,
          attempt === 2 ? decodedPeaks : null,
          sub,
          MIX_RATE,
        );
        encoded.lowered.push(typeof fix === "number" ? "all" : "around peaks");
        await gainFile(mixFile, channels, MIX_RATE, fix);
      }
      await encodeAac(mixFile, channels, MIX_RATE, aacFile, {
        parts: concurrency,
        signal: opts.signal,
        onProgress: (f) => report("encode", Math.min(1, (attempt - 1 + f) / 2) * 0.9),
      });
      // the MP4's audio is this AAC stream copied: it is measured while the mux runs (without the
      // encoder's priming samples, which the MP4's edit list hides)
      await Promise.all([
        runFfmpeg(muxArgs({ file: aacFile, sampleRate: MIX_RATE, delaySamples: AAC_DELAY }, video, output), {
          signal: opts.signal,
        }),
        runFfmpeg(decodeAudioArgs(aacFile, checkFile, MIX_RATE, channels), { signal: opts.signal }),
      ]);
      const m = await measureFile(checkFile, channels, MIX_RATE, {
        block: sub,
        peak: true,
        blockPeaks: true,
        parts: concurrency,
        skipFrames: AAC_DELAY,
      });
      await rm(checkFile, { force: true });
      decodedPeaks = m.blockPeaks;
      encoded = {
        ...encoded,
        lufs: Math.round(gatedLoudness(m.energy as Float64Array, sub) * 100) / 100,
        truePeakDb: Math.round(peakDb(m.peak) * 100) / 100,
        attempts: attempt,
      };
      if (encoded.truePeakDb <= maxTp) break;
    }
    await rm(aacFile, { force: true });
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
        clipMs: s ? s.clipMs : null,
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
    // an hour's mix is 1.3 GB: never left in a kept work dir
    await Promise.all([rm(mixFile, { force: true }), rm(checkFile, { force: true })]);
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
