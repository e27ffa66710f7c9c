// The dub, stage by stage (each in ./dub/, with typed hand-offs): prepare → synthesize → fit and mix to
// a file → normalize → encode within the peak ceiling → subtitles and the report (pure buildReport).
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { TranscriptDoc } from "../doc.ts";
import { DubError } from "../errors.ts";
import { MediaError } from "../media/errors.ts";
import { holdVideo, soundStretches, stretchSoundArgs } from "../media/hold.ts";
import { runFfmpeg } from "../media/run.ts";
import { warmUp } from "../mix/measure.ts";
import { MIX_RATE } from "../mix/rate.ts";
import { FIT_DEFAULTS } from "../timing/fit.ts";
import { PLAN_DEFAULTS, planTiming, shiftTime } from "../timing/plan.ts";
import { defaultConcurrency } from "../util/pool.ts";
import { createDefaultRegistry } from "../wiring/default.ts";
import { linkedAbort, partsProgress, progressReporter, since, workDir } from "./common.ts";
import { backTranslate } from "./dub/back-translate.ts";
import { chooseBackground } from "./dub/background.ts";
import { cardOf, type MeasureInput, measureLines } from "./dub/checks.ts";
import { directoryClipCache } from "./dub/clip-cache.ts";
import { encodeWithinCeiling } from "./dub/encode.ts";
import { followSpeakers } from "./dub/follow-speakers.ts";
import { decodeBackground, mixToFile, toFrame } from "./dub/mix.ts";
import { normalizeMix } from "./dub/normalize.ts";
import { prepareDub } from "./dub/prepare.ts";
import { buildReport } from "./dub/report.ts";
import { outputBase, writeSubtitles } from "./dub/subtitles.ts";
import { synthesizeSegments } from "./dub/synthesize.ts";
import { dubTimeline, planLines, plannedLengths } from "./dub/timeline.ts";
import type { BackgroundMode, DubOptions, DubReport, DubResult, PreparedDub } from "./dub/types.ts";

export type { BackgroundMode, DubOptions, DubReport, DubResult, SegmentReport } from "./dub/types.ts";

/**
 * Transcript (usually translated) + the original video → dubbed MP4 + SRT + VTT + JSON report.
 * TTS per segment with the speaker's voice → timing fit (rate, borrow, atempo, too long) → placed at the
 * segment's absolute start → over the separated background ("keep"), the original ducked or nothing →
 * −16 LUFS, true peak ≤ −1 dBTP → AAC →
 * muxed with the original video stream copied. Output duration = input duration.
 * Errors: MediaError (not_found, not_media, no_video_stream, ffmpeg_failed, aborted); DubError
 * (invalid_segment, no_engine, engine_failed, aborted).
 */
export async function dub(video: string, doc: TranscriptDoc, opts: DubOptions = {}): Promise<DubResult> {
  const concurrency = opts.concurrency ?? defaultConcurrency();
  const { signal, duckDb = 18 } = opts;
  const fit = { ...FIT_DEFAULTS, ...opts.fit };
  const timing = { ...PLAN_DEFAULTS, gapMs: fit.gapMs, ...opts.timing };
  const report = progressReporter(
    // the card's wait after the video was half the dub's time at 5 minutes (bench/service/long.ts)
    { prepare: 2, separate: 8, tts: 35, fit: 8, mix: 5, encode: 12, check: 30 },
    opts.onProgress,
  );
  const timings: Record<string, number> = {};
  let t = performance.now();
  report("prepare", 0);
  const registry = opts.registry ?? createDefaultRegistry();
  const prep = await prepareDub(video, doc, registry, opts);
  const { segments, channels, durationMs, output } = prep;
  const work = await workDir(opts.workDir, "dub-render-");
  const clipDir = join(work.dir, "clips");
  await mkdir(clipDir, { recursive: true });
  // the mix, as raw float32 (pcmfile.ts): the original's audio decoded into it, or silence
  const mixFile = join(work.dir, "mix.f32");
  // stops background work (the parallel decode) on failure or when the caller aborts
  const stop = linkedAbort(signal);
  const written = gate(); // once the video is written (or the dub ends): cardAfterVideo waits for it
  try {
    timings.prepare = since(t);
    // offline voices set to their speakers' pitch and pace, unless turned off for the whole dub;
    // the settings are kept beside the clips (and travel with them between workers), so that a re-dub
    // after edits speaks as the last one did and re-renders only the edited lines
    t = performance.now();
    const measured =
      opts.follow === false
        ? new Map()
        : await followSpeakers(video, doc, prep, {
            ...{ signal, hasAudio: prep.hasAudio },
            cacheDir: clipDir,
          });
    timings.follow = since(t);
    warmUp(concurrency, MIX_RATE);
    t = performance.now();
    const bed = await chooseBackground(video, prep, {
      ...{ registry, requested: opts.background ?? "keep", duckDb, workDir: work.dir, signal },
      ...{ stemsDir: opts.stemsDir, separationEngine: opts.separationEngine },
      onProgress: (f) => report("separate", f),
    });
    if (bed.separated) timings.separate = since(t);
    prep.warnings.push(...bed.warnings);
    const { background } = bed;
    const bg = decodeBackground(bed.source, mixFile, {
      ...{ keep: background !== "remove" && prep.hasAudio, channels, durationMs },
      signal: stop.signal,
    });
    const keepsOriginal = background === "keep" && segments.some((s) => s.keepOriginal);
    const originalFile = join(work.dir, "original.f32");
    const original = keepsOriginal
      ? decodeBackground(video, originalFile, { keep: true, channels, durationMs, signal: stop.signal })
      : null;

    t = performance.now();
    const { language } = doc;
    const synth = await synthesizeSegments({
      clipDir,
      language,
      ...prep,
      fit,
      concurrency,
      signal,
      onProgress: (f) => report("tts", f),
      regenerate: new Set(opts.regenerate ?? []),
      // the rate corrections aim at the timing plan's length of each line
      lengthsFor: (pace) => plannedLengths(planTiming(planLines(segments, pace), durationMs, timing), pace),
    });
    timings.tts = since(t);
    // the report card's measures, beside the mix and the encode (clips heard back, stems under each line)
    const checks =
      opts.checks === false
        ? null
        : startChecks({
            ...{ registry, language, clipDir, workDir: work.dir, segments, synth, background, duckDb },
            stems: bed.stems,
            ...speakersOf(video, doc, prep),
            signal: stop.signal,
            backTo: opts.checks?.sourceLanguage ?? doc.meta?.translation?.from,
            backPrefer: doc.meta?.translation?.id,
            ...cardWhen(opts, written.settled),
            timings,
            onProgress: (f) => report("check", f),
          });

    t = performance.now();
    // the plan again from the clips as made; where the picture waits, the sound follows it
    const line = dubTimeline(segments, synth, durationMs, timing);
    const placed = await mixLines(line, {
      ...{ mixFile, clipDir, channels, durationMs, synth, background, duckDb, concurrency, signal },
      ...{ decoded: bg, original: original && { decoded: original, file: originalFile } },
      unlined: bed.unlined,
      onProgress: (f) => report("fit", f),
    });
    timings.fit = since(t);

    t = performance.now();
    const onMix = (f: number) => report("mix", f);
    const loudness = await normalizeMix(mixFile, channels, { ...opts, concurrency, onProgress: onMix });
    timings.mix = since(t);
    report("mix", 1);

    t = performance.now();
    const encoded = await encodeHeld(video, line.waits, {
      ...{ mixFile, channels, output, language, workDir: work.dir, concurrency, signal },
      ...{ demuxer: prep.demuxer, durationMs },
      onProgress: (f) => report("encode", f),
    });
    // a line's subtitle lasts as long as it is spoken, through a hold of the picture
    const cues = line.segments.map((s, i) => ({ ...s, end: Math.max(s.end, placed[i]?.end ?? 0) }));
    const subs = (opts.subtitles ?? true) ? await writeSubtitles(output, cues) : null;
    timings.encode = since(t);
    report("encode", 1);
    written.open();
    opts.onVideo?.({ mp4: output, srt: subs?.srt ?? null, vtt: subs?.vtt ?? null });

    const translation = doc.meta?.translation;
    const rep = buildReport({
      ...{ video, output, language, durationMs: line.durationMs, channels, background, duckDb, fit },
      ...{ separation: bed.separation, unlined: bed.unlined },
      ...{ timing, plan: line.plan, waits: line.waits, sourceDurationMs: durationMs },
      voices: prep.voices,
      ...{ translation, loudness, encoded, segments: line.segments, synth, fits: line.fits, placed },
      ...{ warnings: prep.warnings, timings },
    });
    if (checks)
      await attachCard(rep, checks, { language, translation, checks: opts.checks, signal, timings });
    const reportFile = `${outputBase(output)}.report.json`;
    await writeFile(reportFile, `${JSON.stringify(rep, null, 2)}\n`);
    report("check", 1);
    return {
      ...{ mp4: output, srt: subs?.srt ?? null, vtt: subs?.vtt ?? null, reportFile, report: rep },
      measured: Object.fromEntries(measured),
    };
  } catch (err) {
    if (err instanceof DubError || err instanceof MediaError) throw err;
    throw new DubError("engine_failed", `dubbing failed: ${String(err)}`, { cause: err });
  } finally {
    written.open();
    stop.stop();
    // an hour's mix is 1.3 GB: never left in a kept work dir; the clip cache is kept under its cap
    await rm(mixFile, { force: true });
    await rm(join(work.dir, "original.f32"), { force: true });
    await directoryClipCache(clipDir, opts.clipCacheBytes).prune();
    await work.done();
  }
}

/** What the checks need of the speakers: the pitch each voice follows, and the original to hear them in. */
function speakersOf(
  video: string,
  doc: TranscriptDoc,
  prep: PreparedDub,
): Pick<MeasureInput, "pitchOf" | "original"> {
  return {
    pitchOf: (speaker) => {
      const v = prep.voices.get(speaker);
      return v?.style && v.follow ? v.follow.target.pitchHz : undefined;
    },
    ...(prep.hasAudio && {
      original: { video, nameOf: (id) => doc.speakers.find((sp) => sp.id === id)?.name || id },
    }),
  };
}

type Synthesized = Awaited<ReturnType<typeof synthesizeSegments>>;
type Timeline = ReturnType<typeof dubTimeline>;

/** Progress kept until release(), then passed on as it comes (the last one kept passed at once). */
function heldProgress(pass: (fraction: number) => void) {
  let last: number | null = null;
  let held = true;
  return {
    set: (f: number) => {
      last = f;
      if (!held) pass(f);
    },
    release: () => {
      held = false;
      if (last !== null) pass(last);
    },
  };
}

/** A promise and the function that settles it. */
function gate(): { settled: Promise<void>; open: () => void } {
  let open = () => {};
  const settled = new Promise<void>((r) => {
    open = r;
  });
  return { settled, open };
}

/** Pure: the checks' options from the dub's: the hearing left out, the start once the video is written. */
function cardWhen(
  opts: DubOptions,
  written: Promise<void>,
): Pick<MeasureInput, "hearing"> & { after?: Promise<void> } {
  return { ...(opts.hearBack && { hearing: opts.hearBack }), ...(opts.cardAfterVideo && { after: written }) };
}

/**
 * The line checks, started beside the mix and the encode or once `after` settles (the video written);
 * their wall time is read once they settle, their progress passed on from showProgress().
 */
function startChecks(input: MeasureInput & { backTo?: string; backPrefer?: string; after?: Promise<void> }) {
  const { registry, segments, language, signal } = input;
  // the line measures 0.9, the back-translation (beside them) 0.1; shown once the dub waits for them
  const progress = heldProgress(input.onProgress ?? (() => {}));
  const part = partsProgress([0.9, 0.1], progress.set);
  let started = performance.now();
  let wall = 0;
  const measures = (input.after ?? Promise.resolve())
    .then(() => {
      signal?.throwIfAborted();
      started = performance.now();
      const translated = backTranslate({
        ...{ registry, segments, language, signal, to: input.backTo, prefer: input.backPrefer },
      }).finally(() => {
        if (input.timings) input.timings.cardBack = since(started);
        part(1, 1);
      });
      return Promise.all([measureLines({ ...input, onProgress: (f) => part(0, f) }), translated]);
    })
    .finally(() => {
      wall = since(started);
    });
  // awaited after the encode; a failure before then must not be an unhandled rejection
  measures.catch(() => {});
  return { measures, wall: () => wall, showProgress: progress.release };
}

/**
 * The report card from the checks' measures (their progress shown while the dub waits for them); a check
 * that cannot measure costs the card, never the dub.
 */
async function attachCard(
  rep: DubReport,
  checks: ReturnType<typeof startChecks>,
  c: {
    language: string;
    translation: DubReport["translation"];
    checks: DubOptions["checks"];
    signal?: AbortSignal;
    timings: Record<string, number>;
  },
) {
  const t = performance.now();
  checks.showProgress();
  const measures = await checks.measures.catch((err) => {
    if (c.signal?.aborted) throw err;
    rep.warnings.push(`the lines were not checked: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  // what the checks added: the wait after the encode; their own wall time ran beside the mix
  c.timings.checks = since(t);
  c.timings.checksBeside = Math.round(checks.wall() * 1000) / 1000;
  const tr = c.translation;
  if (measures)
    Object.assign(
      rep,
      cardOf(measures[0], rep.segments, c.language, {
        ...(tr && {
          ...{ sourceLanguage: tr.from, route: tr.route },
          ...{ glossaryMisses: tr.glossaryMisses, unknownWords: tr.unknownWords },
        }),
        back: measures[1],
        ...c.checks,
      }),
    );
}

/**
 * The lines placed into the mix file over the decoded background. Where the picture waits for a line, the
 * background (and the original kept under some lines) is stretched to follow it, and speech no line
 * covers is ducked on the output's timeline.
 */
async function mixLines(
  line: Timeline,
  m: {
    mixFile: string;
    clipDir: string;
    channels: number;
    durationMs: number;
    synth: Synthesized;
    background: BackgroundMode;
    duckDb: number;
    concurrency: number;
    decoded: Promise<boolean>;
    original: { decoded: Promise<boolean>; file: string } | null;
    unlined: DubReport["unlinedSpeech"];
    signal?: AbortSignal;
    onProgress: (fraction: number) => void;
  },
) {
  const stretches = soundStretches(line.waits, m.durationMs / 1000);
  const followPicture = async (file: string) => {
    if (!stretches.length) return;
    const held = `${file}.held`;
    const args = stretchSoundArgs(file, held, stretches, { sampleRate: MIX_RATE, channels: m.channels });
    await runFfmpeg(args, { signal: m.signal });
    await rename(held, file);
  };
  const background = m.decoded.then(async (ok) => {
    if (ok) await followPicture(m.mixFile);
    return ok;
  });
  const { original } = m;
  const restore = original
    ? {
        file: original.decoded.then(async () => {
          await followPicture(original.file);
          return original.file;
        }),
        ranges: line.segments
          .filter((s) => s.keepOriginal)
          .map((s) => ({ start: toFrame(s.start), end: toFrame(s.end) })),
      }
    : undefined;
  // speech no line covers, ducked too (on the output's timeline)
  const duckAlso = (m.unlined ?? []).map((r) => ({
    start: toFrame(shiftTime(r.start, line.waits)),
    end: toFrame(shiftTime(r.end, line.waits)),
  }));
  return mixToFile({
    ...{ mixFile: m.mixFile, clipDir: m.clipDir, channels: m.channels, durationMs: line.durationMs },
    ...{ background, duckDb: m.duckDb, segments: line.segments, synth: m.synth, fits: line.fits },
    ...{ duck: m.background === "duck", duckAlso, restore, concurrency: m.concurrency, signal: m.signal },
    onProgress: m.onProgress,
  });
}

/** The mix encoded with the picture, the picture first held where lines wait for it. */
async function encodeHeld(
  video: string,
  waits: Timeline["waits"],
  e: Omit<Parameters<typeof encodeWithinCeiling>[0], "video"> & {
    demuxer: Awaited<ReturnType<typeof prepareDub>>["demuxer"];
    durationMs: number;
  },
) {
  const { demuxer, durationMs, ...encodeIn } = e;
  if (!waits.length) return encodeWithinCeiling({ ...encodeIn, video });
  // the stretches around the holds encoded again
  const picture = join(e.workDir, "held.mp4");
  await holdVideo({
    video: { path: video, demuxer, seconds: durationMs / 1000 },
    ...{ durationMs, waits, workDir: e.workDir, output: picture, signal: e.signal },
  });
  try {
    return await encodeWithinCeiling({ ...encodeIn, video: picture });
  } finally {
    await rm(picture, { force: true });
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
