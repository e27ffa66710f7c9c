import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type DubCompletedData,
  type DubReport,
  languageCodeSchema,
  timingModeSchema,
} from "@dubbing/contract";
import {
  audioOnlyArgs,
  bilingualCues,
  burnSubtitlesArgs,
  type DocMeta,
  dub,
  type DubReport as PipelineReport,
  parseSrt,
  runFfmpeg,
  shiftCues,
  toAss,
} from "@dubbing/dubbing";
import { z } from "zod";
import { defineJob } from "../jobs/definition.ts";
import { firstLine } from "../jobs/runner.ts";
import { clipCacheDir } from "../storage/clip-cache.ts";
import { clipsPrefix, dubKeys, dubPrefix, projectKeys, projectPrefix } from "../storage/keys.ts";
import { pullClips, pushClips } from "./clip-sync.ts";
import type { WorkerDeps } from "./deps.ts";
import { runTracked } from "./handler.ts";
import { pullStems, pushStems } from "./stems.ts";

/** How long the links in a `dub.completed` event work. */
const LINK_TTL_SECONDS = 7 * 86_400;

const STAGES = new Map(
  Object.entries({
    prepare: "Preparing",
    separate: "Separating the voice from the music",
    tts: "Synthesizing voices",
    fit: "Fitting the timing",
    mix: "Mixing the audio",
    encode: "Encoding the video",
    check: "Checking the dubbed lines",
  }),
);

const dubPayload = z.strictObject({
  projectId: z.string(),
  language: languageCodeSchema,
  trackId: z.string(),
  /** Transcript indexes to synthesize again although cached ("Regenerate this line"). */
  regenerate: z.array(z.number().int().min(0)).optional(),
  /** Draw the subtitles into the video. */
  burnSubtitles: z.boolean().optional(),
  /** The original audio under the dub (default "keep": the separated background). */
  background: z.enum(["keep", "duck", "remove"]).optional(),
  /** Drawn subtitles show the original line above the translated one. */
  bilingualSubtitles: z.boolean().optional(),
  /** How the lines are fitted (default "keep-length") and its speed cap. */
  timing: timingModeSchema.optional(),
  maxSpeed: z.number().optional(),
});
export type DubPayload = z.infer<typeof dubPayload>;

/**
 * Renders the dubbed video of one translation. The TTS clip cache of the translation is kept under
 * `cacheDir`, so dubbing again after an edit re-synthesizes only the segments whose text, voice or
 * rate changed.
 */
export async function runDub(deps: WorkerDeps, job: DubPayload, isLastAttempt: boolean) {
  const { repo, translations, storage, tracker } = deps;
  const project = await repo.findById(job.projectId);
  const row = await translations.find(job.projectId, job.language);
  if (!project || !row) return tracker.finish(job.trackId, "failed", "The project was deleted.");
  await runTracked(
    deps,
    {
      trackId: job.trackId,
      isLastAttempt,
      mediaSeconds: (project.durationMs ?? 0) / 1000,
      alsoWrite: (percent) => translations.update(row.id, { progress: percent }),
      message: (error) => `Dubbing failed: ${firstLine(error)}`,
      // A failed dub is failed; an earlier video stays in storage and is shown as the previous dub.
      record: async (message) => {
        await translations.update(row.id, { status: "failed", statusMessage: message });
        const data = { projectId: project.id, language: job.language, message };
        await deps.webhooks.emit(project.workspaceId, "dub.failed", project.id, data);
      },
      // the project gone (not only this language): the stems this run may have pushed go too
      purgeIfDeleted: async () => {
        const projectGone = !(await repo.findById(project.id));
        await storage.deletePrefix(
          projectGone ? projectPrefix(project.id) : dubPrefix(project.id, job.language),
        );
        await rm(clipCacheDir(deps.cacheDir, row.id), { recursive: true, force: true });
      },
    },
    async (scope, progress) => {
      const work = await scope.scratch(deps.scratchDir, "dub-");
      const cache = clipCacheDir(deps.cacheDir, row.id);
      await mkdir(cache, { recursive: true });
      // Scale-out: the clips other workers made for this translation, so only changed lines are rendered.
      const clips = clipsPrefix(project.id, job.language);
      await pullClips(storage, clips, path.join(cache, "clips"));
      const normalized = projectKeys(project.id).dubSource;
      const sourceKey = (await storage.stat(normalized)) ? normalized : project.originalKey;
      const source = await storage.localCopy(sourceKey, work);
      scope.onCleanup(() => source.release());
      // the project's stems (made at transcription); a first "keep" dub without them makes them here
      const stemsDir = path.join(work, "stems");
      const hadStems = await pullStems(storage, project.id, stemsDir, work);
      scope.onCleanup(hadStems.release);
      await translations.update(row.id, { status: "dubbing", progress: 0, statusMessage: "Dubbing" });
      const speakers = await repo.speakersOf(project.id);
      const output = path.join(work, "dubbed.mp4");
      // the report card's text checks: the original lines and the translation's record (route, glossary)
      const original = await repo.transcriptOf(project.id);
      const translation = row.meta as DocMeta["translation"] | null;
      const result = await dub(
        source.path,
        {
          ...{ language: job.language, speakers, transcript: row.transcript },
          ...(translation?.route ? { meta: { translation } } : {}),
        },
        {
          checks: { sources: original.map((s) => s.text), sourceLanguage: project.language },
          output,
          workDir: cache,
          registry: deps.registry,
          concurrency: 2,
          regenerate: job.regenerate,
          background: job.background ?? "keep",
          timing: { mode: job.timing ?? "keep-length", ...(job.maxSpeed ? { maxSpeed: job.maxSpeed } : {}) },
          stemsDir,
          signal: scope.signal,
          onProgress: ({ stage, fraction }) => {
            progress.report(fraction * 100, STAGES.get(stage) ?? "Dubbing");
          },
        },
      );
      // speakers measured at this first dub keep their measures, so later dubs calibrate to the same figures
      await repo.setMeasured(project.id, result.measured);
      const video =
        job.burnSubtitles && result.srt
          ? await drawSubtitles(deps, job, {
              ...{ translated: row.transcript, result, work, signal: scope.signal, progress },
            })
          : result.mp4;
      const audio = path.join(work, "dubbed.m4a");
      await runFfmpeg(audioOnlyArgs(video, audio), { signal: scope.signal });
      await progress.close();
      const keys = dubKeys(project.id, job.language);
      const reportFile = path.join(work, "report.json");
      await writeFile(reportFile, JSON.stringify(result.report, null, 2));
      await storage.putFile(keys.mp4, video, "video/mp4");
      await storage.putFile(keys.m4a, audio, "audio/mp4");
      if (result.srt) await storage.putFile(keys.srt, result.srt, "application/x-subrip");
      if (result.vtt) await storage.putFile(keys.vtt, result.vtt, "text/vtt");
      await storage.putFile(keys.report, reportFile, "application/json");
      await pushClips(storage, clips, path.join(cache, "clips"), work);
      if (!hadStems.stored) await pushStems(storage, project.id, stemsDir);
      const { resynthesized, dubbed } = result.report.totals;
      const message = `${resynthesized} of ${dubbed} segments re-rendered`;
      await translations.update(row.id, {
        status: "dubbed",
        progress: 100,
        statusMessage: message,
        dubKey: keys.mp4,
        reportKey: keys.report,
        stale: false,
        dubbedAt: new Date(),
        subtitlesBurned: Boolean(job.burnSubtitles && result.srt),
        // the reviews as they are now (a line may have been marked while this dub ran)
        dubReport: summarizeReport(
          result.report,
          (await translations.find(project.id, job.language))?.dubReport?.reviewed,
        ),
      });
      await tracker.finish(job.trackId, "done", message);
      // links that work for a week, like the data export's
      const link = (key: string, name: string) =>
        `${deps.publicUrl}${deps.sign(key, LINK_TTL_SECONDS, name)}`;
      await deps.webhooks.emit(project.workspaceId, "dub.completed", project.id, {
        projectId: project.id,
        language: job.language,
        videoUrl: link(keys.mp4, `${job.language}.mp4`),
        audioUrl: link(keys.m4a, `${job.language}.m4a`),
        subtitlesUrl: result.srt ? link(keys.srt, `${job.language}.srt`) : null,
        summary: result.report.summary ?? null,
      } satisfies DubCompletedData);
    },
  );
}

/**
 * What the editor needs of the dub report: per segment its speed and whether it is too long, the report
 * card, and the lines reviewed before (kept while their text is the one reviewed: present.ts).
 */
function summarizeReport(report: PipelineReport, reviewed?: Record<string, string>): DubReport {
  const { segments, dubbed, tooLong, resynthesized, cached, maxSpeed, atMost1_3 } = report.totals;
  return {
    background: report.background,
    ...(report.separation ? { separation: report.separation } : {}),
    voices: Object.fromEntries(
      Object.entries(report.voices).map(([id, v]) => [
        id,
        {
          ...{ engine: v.engine, voice: v.voice },
          ...(v.follow ? { follow: { target: v.follow.target, result: v.follow.result } } : {}),
        },
      ]),
    ),
    totals: { segments, dubbed, tooLong, resynthesized, cached, maxSpeed, atMost1_3 },
    timing: {
      ...{ mode: report.timing.mode, waits: report.timing.waits, addedMs: report.timing.addedMs },
      ...{ atMost1_1: report.timing.totals.atMost1_1, fastest: report.timing.totals.fastest },
    },
    segments: report.segments.map((s) => ({
      ...{ index: s.index, speed: s.speed, plannedSpeed: s.plannedSpeed, tooLong: s.tooLong },
      ...{ waitMs: s.waitMs, delayMs: s.delayMs, borrowedMs: s.borrowedMs, cached: s.cached, empty: s.empty },
    })),
    ...(report.lines && report.summary ? { lines: report.lines, summary: report.summary } : {}),
    ...(reviewed ? { reviewed } : {}),
  };
}

export const dubJob = defineJob({ name: "dub", payload: dubPayload, run: runDub });

/**
 * The dub with its subtitles drawn in: encoded once more. libass reads an ASS of the SRT's cues
 * (two-language: the original transcript paired with the translation) whose typed text is escaped, so
 * styling codes typed into a line show as typed.
 */
async function drawSubtitles(
  deps: WorkerDeps,
  job: DubPayload,
  d: {
    translated: { speaker: string; text: string; start: number; end: number }[];
    result: { mp4: string; srt?: string | null; report: PipelineReport };
    work: string;
    signal: AbortSignal;
    progress: { report: (percent: number, message: string) => void };
  },
) {
  const { translated, result, work, signal, progress } = d;
  progress.report(99, "Drawing the subtitles");
  const video = path.join(work, "subtitled.mp4");
  const ass = path.join(work, "subtitles.ass");
  // the dub's own SRT is on its timeline already; the two-language cues are moved onto it
  const cues = job.bilingualSubtitles
    ? shiftCues(
        bilingualCues(await deps.repo.transcriptOf(job.projectId), translated),
        result.report.timing.waits,
      )
    : parseSrt(await readFile(result.srt!, "utf8"));
  await writeFile(ass, toAss(cues));
  await runFfmpeg(burnSubtitlesArgs(result.mp4, ass, video), { signal });
  return video;
}
