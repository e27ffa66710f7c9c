import { mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  type EngineRegistry,
  heldSoundArgs,
  holdVideo,
  type LanguageCode,
  mp4CanCopyAudio,
  multiTrackArgs,
  nativeLanguageName,
  probe,
  runFfmpeg,
  sharedTimeline,
  shortenerOf,
  shortenLine,
  soundStretches,
  spawnFfmpeg,
  wavStreamArgs,
} from "@dubbing/dubbing";
import { languageAvailability } from "../catalog/availability.ts";
import { AppError } from "../errors.ts";
import { effectiveGlossary } from "../glossary/service.ts";
import type { JobQueue } from "../jobs/runner.ts";
import { type JobTracker, presentJob } from "../jobs/tracker.ts";
import { checkLimit, planOrUnlimited } from "../plans/plans.ts";
import { translationEditConflict } from "../projects/edit-rules.ts";
import { knownLanguage, NO_TRANSLATION } from "../projects/languages.ts";
import { type SignPath, signedFor } from "../projects/present.ts";
import { type ProjectRow, VideoRepository } from "../projects/repository.ts";
import { firstUnknownSpeaker, type Segment } from "../projects/schemas.ts";
import { timelineProblem } from "../projects/timeline.ts";
import { presentTranslation } from "../projects/translation-present.ts";
import { TranslationRepository, type TranslationRow } from "../projects/translation-repository.ts";
import type { Storage } from "../storage/index.ts";
import { dubKeys, projectKeys } from "../storage/keys.ts";
import { takeQuota } from "../usage/quotas.ts";
import { monthOf, UsageRepository } from "../usage/repository.ts";
import type { UsageLimits } from "../usage/reserve.ts";
import { planLimitError } from "../usage/reserve.ts";
import { payerOf } from "../workspaces/repository.ts";
import { dubsOnlyApproved, requireApprovedWhereAsked } from "./approval-gate.ts";
import { borrowSilence, type LineFixRequest, letPictureWait, moveSpeaker } from "./line-fixes.ts";
import { type DubOptions, startDubJob, type ThenDub } from "./start-dub.ts";

export class TranslationService {
  readonly videos: VideoRepository;
  readonly translations: TranslationRepository;
  readonly tracker: JobTracker;
  readonly jobs: JobQueue;
  readonly sign: SignPath;
  readonly registry: EngineRegistry;
  readonly limits: UsageLimits | undefined;
  readonly storage: Storage;

  constructor(deps: {
    storage: Storage;
    videos: VideoRepository;
    translations: TranslationRepository;
    tracker: JobTracker;
    jobs: JobQueue;
    sign: SignPath;
    registry: EngineRegistry;
    limits?: UsageLimits;
  }) {
    this.limits = deps.limits;
    this.storage = deps.storage;
    this.videos = deps.videos;
    this.translations = deps.translations;
    this.tracker = deps.tracker;
    this.jobs = deps.jobs;
    this.sign = deps.sign;
    this.registry = deps.registry;
  }

  /** The translation as `userId` sees it: its links bound to them (they stop if they leave the workspace). */
  present(row: TranslationRow, userId: string) {
    return presentTranslation(row, signedFor(this.sign, userId), userId);
  }

  /** All translations of a project, keyed by language. */
  async list(userId: string, projectId: string) {
    const project = await this.videos.requireVisible(userId, projectId);
    const rows = await this.translations.listByProject(project.id);
    return Object.fromEntries(rows.map((row) => [row.language, this.present(row, userId)]));
  }

  async get(userId: string, projectId: string, language: LanguageCode) {
    const project = await this.videos.requireVisible(userId, projectId);
    return this.translationOf(project, language, userId);
  }

  /**
   * "Translate and dub" into several languages: every language is checked first (available, and the
   * month's minutes cover a dub of each), then each translation starts (its quota taken now) and its dub
   * follows when it is done (its minutes reserved then, before it runs: workers/translate.ts).
   */
  async translateAndDub(
    userId: string,
    projectId: string,
    languages: LanguageCode[],
    opts: Omit<DubOptions, "regenerate">,
  ) {
    const project = await this.videos.requireVisible(userId, projectId);
    // each translation is new text, a draft: none of these dubs could start in such a workspace
    if (await dubsOnlyApproved(this.videos.db, project.workspaceId))
      throw new AppError(
        "conflict",
        "This workspace dubs only approved translations: translate, have a reviewer approve each translation, then dub it.",
      );
    const available = await languageAvailability(this.registry, project.language);
    for (const language of languages) {
      const a = available.find((l) => l.code === language)!;
      const reason = a.translate.available ? (a.tts.available ? null : a.tts.reason) : a.translate.reason;
      if (reason)
        throw new AppError("language_unavailable", reason, [{ path: "languages", message: language }]);
    }
    const payer = await payerOf(this.videos.db, project.workspaceId);
    const plan = await planOrUnlimited(this.limits, payer);
    const used = await new UsageRepository(this.videos.db).get(payer, monthOf(new Date()));
    const needed = (languages.length * (project.durationMs ?? 0)) / 1000;
    const check = checkLimit(plan, used.transcribedSeconds + used.dubbedSeconds, needed);
    if (!check.ok) throw planLimitError(check, "dub");
    const dubs = [];
    for (const language of languages) {
      const started = await this.translate(userId, projectId, language, { plan: plan.id, ...opts });
      dubs.push({ language, ...started });
    }
    return { dubs };
  }

  /** Queues a translation; a second request while one runs gets the running job (one row per language). */
  async translate(userId: string, projectId: string, language: LanguageCode, thenDub?: ThenDub) {
    const project = await this.videos.requireVisible(userId, projectId);
    if (project.status !== "ready") {
      throw new AppError("conflict", "The transcript is not ready yet. Wait until the project is ready.");
    }
    if ((await this.videos.transcriptOf(project.id)).length === 0) {
      throw new AppError("conflict", "There is no transcript to translate yet.");
    }
    const availability = (await languageAvailability(this.registry, project.language)).find(
      (l) => l.code === language,
    )!;
    if (!availability.translate.available)
      throw new AppError("language_unavailable", availability.translate.reason!);

    const payer = await payerOf(this.videos.db, project.workspaceId);
    const plan = await planOrUnlimited(this.limits, payer);
    const job =
      (await this.jobs.start({
        queue: "translate",
        owner: userId,
        subject: { projectId: project.id, language },
        payload: (trackId) => ({ projectId: project.id, language, trackId, ...(thenDub && { thenDub }) }),
        claim: async (tx) => {
          await new VideoRepository(tx).lockProject(project.id);
          const repo = new TranslationRepository(tx);
          if (!(await repo.startTranslating(project.id, language, userId)).started) return false;
          await takeQuota(tx, { userId: payer, plan, kind: "translations" });
          return true;
        },
      })) ?? (await this.tracker.active(project.id, "translate", language));
    const row = (await this.translations.find(project.id, language))!;
    if (!job && row.status === "dubbing")
      throw new AppError(
        "conflict",
        "A dub of this language is running. Translate again when it has finished.",
      );
    return { job: job && presentJob(job), translation: this.present(row, userId) };
  }

  async saveTranscript(userId: string, projectId: string, language: LanguageCode, transcript: Segment[]) {
    const project = await this.videos.requireVisible(userId, projectId);
    const row = await this.translationRow(project, language);
    const busy = translationEditConflict(row.status);
    if (busy) throw new AppError("conflict", busy);
    const speakerIds = new Set((await this.videos.speakersOf(project.id)).map((s) => s.id));
    const bad = firstUnknownSpeaker(transcript, speakerIds);
    if (bad >= 0) {
      throw new AppError("validation_failed", "A segment names a speaker that does not exist.", [
        { path: `transcript.${bad}.speaker`, message: "Unknown speaker." },
      ]);
    }
    const problem = timelineProblem(transcript, project.durationMs ?? 0);
    if (problem) throw new AppError("validation_failed", problem.message, [problem]);
    if (!(await this.translations.saveTranscript(row.id, transcript, { userId, why: "Text edited" }))) {
      const now = await this.translationRow(project, language);
      throw new AppError("conflict", translationEditConflict(now.status) ?? "Save again.");
    }
    return this.translationOf(project, language, userId);
  }

  /** "Reviewed, keep it" on a line of the dub's report card, or taken back; kept while its text is the same. */
  async reviewLine(
    userId: string,
    projectId: string,
    { language, index }: { language: LanguageCode; index: number },
    reviewed: boolean,
  ) {
    const project = await this.videos.requireVisible(userId, projectId);
    const row = await this.translationRow(project, language);
    if (!row.dubReport?.lines?.some((l) => l.index === index))
      throw new AppError(
        "not_found",
        `The dub's report card has no line ${index + 1}: dub the translation first.`,
      );
    const text = row.transcript[index]?.text ?? "";
    await this.translations.setReviewed(row.id, index, reviewed ? text : null);
    return this.translationOf(project, language, userId);
  }

  /**
   * A one-click fix of a line of the report card: the line changed as the fix says, saved, and the dub
   * started again with its own settings, that line synthesized anew (its card then follows the fix).
   */
  async fixLine(
    userId: string,
    projectId: string,
    at: { language: LanguageCode; index: number },
    { fix, speaker }: LineFixRequest,
  ) {
    const { language, index } = at;
    const project = await this.videos.requireVisible(userId, projectId);
    const row = await this.translationRow(project, language);
    const report = row.dubReport;
    if (!report?.lines?.some((l) => l.index === index))
      throw new AppError(
        "not_found",
        `The dub's report card has no line ${index + 1}: dub the translation first.`,
      );
    const busy = translationEditConflict(row.status);
    if (busy) throw new AppError("conflict", busy);
    // the fix changes the line, so the translation is a draft again: its dub would be refused after the save
    if (await dubsOnlyApproved(this.videos.db, project.workspaceId))
      throw new AppError(
        "conflict",
        "This workspace dubs only approved translations, and a fix changes the line: edit it, send the translation for review, and dub it once approved.",
      );
    const transcript =
      fix === "borrow-silence"
        ? borrowSilence(row.transcript, index, project.durationMs ?? 0)
        : fix === "picture-waits"
          ? letPictureWait(row.transcript, index)
          : fix === "move-speaker"
            ? await this.movedSpeaker(project, row.transcript, index, speaker!)
            : await this.shortened(project, language, row.transcript, index);
    const why = `Line ${index + 1} fixed (${fix})`;
    if (!(await this.translations.saveTranscript(row.id, transcript, { userId, why }))) {
      const now = await this.translationRow(project, language);
      throw new AppError("conflict", translationEditConflict(now.status) ?? "Try again.");
    }
    return this.dub(userId, projectId, language, {
      regenerate: [index],
      burnSubtitles: row.subtitlesBurned,
      ...(report.background && { background: report.background }),
      ...(report.timing && { timing: report.timing.mode }),
    });
  }

  /**
   * The translation with line `index` given to `speaker`, and the original transcript's line at the same
   * times too (the next check and a new translation read it there); the original is saved first. The
   * project's other translations keep their own speaker for that line.
   */
  private async movedSpeaker(project: ProjectRow, transcript: Segment[], index: number, speaker: string) {
    const speakers = await this.videos.speakersOf(project.id);
    const moved = moveSpeaker(transcript, index, speaker, speakers);
    const original = await this.videos.transcriptOf(project.id);
    const line = transcript[index]!;
    const same = original.findIndex((s) => s.start === line.start && s.end === line.end);
    if (same >= 0 && original[same]!.speaker !== speaker)
      await this.videos.saveEdit(project.id, { transcript: moveSpeaker(original, same, speaker, speakers) });
    return moved;
  }

  /** The transcript with line `index` rewritten shorter by an engine that can rewrite (422 without one). */
  private async shortened(project: ProjectRow, language: LanguageCode, transcript: Segment[], index: number) {
    const engine = await shortenerOf(this.registry, undefined, {
      from: knownLanguage(project),
      to: language,
    });
    if (!engine)
      throw new AppError(
        "language_unavailable",
        "No engine on this server can rewrite a line shorter. Edit the line's text, or borrow the silence after it.",
      );
    const source = (await this.videos.transcriptOf(project.id))[index]?.text ?? "";
    const line = transcript[index]!;
    const text = await shortenLine(
      engine,
      transcript,
      { index, source },
      {
        languages: { from: knownLanguage(project), to: language },
        mediaEnd: project.durationMs ?? undefined,
        glossary: await effectiveGlossary(this.videos.db, project),
      },
    );
    if (!text) throw new AppError("conflict", `${engine.id} found no shorter way to say line ${index + 1}.`);
    return transcript.map((s, i) =>
      i === index ? { ...s, text, shortenedFrom: line.shortenedFrom ?? line.text } : s,
    );
  }

  /** Queues a dub; while one runs for this translation, the running job is returned instead. */
  async dub(userId: string, projectId: string, language: LanguageCode, opts: DubOptions = {}) {
    const project = await this.videos.requireVisible(userId, projectId);
    const row = await this.translations.find(project.id, language);
    if (!row || row.transcript.length === 0) {
      throw new AppError("conflict", "Translate the project into this language before dubbing it.");
    }
    if (row.status === "translating") throw new AppError("conflict", "The translation is still running.");
    await requireApprovedWhereAsked(this.videos.db, row.id);
    const problem = timelineProblem(row.transcript, project.durationMs ?? 0);
    if (problem) throw new AppError("validation_failed", problem.message, [problem]);
    const outside = (opts.regenerate ?? []).find((i) => i >= row.transcript.length);
    if (outside !== undefined)
      throw new AppError("validation_failed", `There is no segment ${outside + 1} to regenerate.`, [
        { path: "regenerate", message: "No such segment." },
      ]);
    const availability = (await languageAvailability(this.registry, project.language)).find(
      (l) => l.code === language,
    )!;
    if (!availability.tts.available) throw new AppError("language_unavailable", availability.tts.reason!);
    // A dub costs the video's duration, reserved with the claim (a second click while dubbing costs nothing).
    const payer = await payerOf(this.videos.db, project.workspaceId);
    const plan = await planOrUnlimited(this.limits, payer);
    const seconds = (project.durationMs ?? 0) / 1000;
    const job =
      (await startDubJob(this.jobs, {
        userId,
        payer,
        plan,
        projectId: project.id,
        language,
        translationId: row.id,
        seconds,
        opts,
      })) ?? (await this.tracker.active(project.id, "dub", language));
    const current = (await this.translations.find(project.id, language))!;
    return { job: job && presentJob(job), dubVideoUrl: null, translation: this.present(current, userId) };
  }

  /** The dub's audio as WAV, decoded from its M4A while it streams; `stop` ends the decoding early. */
  async dubAudioWav(userId: string, projectId: string, language: LanguageCode, scratchDir: string) {
    const project = await this.videos.requireVisible(userId, projectId);
    const row = await this.translationRow(project, language);
    if (!row.dubKey || row.status === "failed")
      throw new AppError("not_found", "This translation has no dubbed audio yet.");
    const m4a = dubKeys(project.id, language).m4a;
    if (!(await this.storage.stat(m4a)))
      throw new AppError("not_found", "This dub was made before audio downloads existed. Dub it again.");
    const copy = await this.storage.localCopy(m4a, scratchDir);
    const ffmpeg = spawnFfmpeg(
      ["-hide_banner", "-nostdin", "-loglevel", "error", ...wavStreamArgs(copy.path)],
      {
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    // The local copy goes when ffmpeg ends, whether it finished or `stop` (the client went away) ended it.
    ffmpeg.on("close", () => void copy.release());
    return { stream: ffmpeg.stdout!, stop: () => ffmpeg.kill("SIGKILL") };
  }

  /**
   * One MP4 for every language: the video stream copied, the original audio and every finished dub as
   * tracks tagged with their language and titled ("Español (dub)"). A remux (no video encoding), built in
   * the scratch folder, at most MULTI_TRACK_BUILDS at once per process; `release` removes it.
   */
  /**
   * The video with the original sound and every finished dub on one timeline (media/multitrack.ts
   * sharedTimeline): where those dubs' picture waited, the picture is held and the original sound
   * stretched as in each dub; `left` names the dubs on another timeline, not in the file.
   */
  async allLanguagesMp4(userId: string, projectId: string, scratchDir: string) {
    const project = await this.videos.requireVisible(userId, projectId);
    const rows = (await this.translations.listByProject(project.id)).filter((r) => r.status === "dubbed");
    const finished = [];
    for (const row of rows) {
      const m4a = dubKeys(project.id, row.language).m4a;
      const waits = row.dubReport?.timing?.waits ?? [];
      if (await this.storage.stat(m4a)) finished.push({ language: row.language, key: m4a, waits });
    }
    if (finished.length === 0) throw new AppError("not_found", "No dub of this project is finished yet.");
    const { waits, on: dubs, left } = sharedTimeline(finished);
    if (multiTrackBuilds >= MULTI_TRACK_BUILDS) {
      throw new AppError("rate_limited", "Other downloads are being put together. Try again in a minute.");
    }
    multiTrackBuilds++;
    const work = await mkdtemp(path.join(scratchDir, "all-languages-"));
    const release = async () => {
      await rm(work, { recursive: true, force: true });
    };
    try {
      // The video the dubs were made from (an H.264 copy where the original cannot go into an MP4).
      const normalized = projectKeys(project.id).dubSource;
      const sourceKey = (await this.storage.stat(normalized)) ? normalized : project.originalKey;
      const source = await this.storage.localCopy(sourceKey, work);
      const files = await Promise.all(dubs.map((d) => this.storage.localCopy(d.key, work)));
      const info = await probe(source.path);
      const input = { path: source.path, demuxer: info.demuxer, seconds: info.durationMs / 1000 };
      let picture = source.path;
      let originalSound = info.audio ? { file: source.path, copy: mp4CanCopyAudio(info.audio.codec) } : null;
      if (waits.length) {
        picture = path.join(work, "held.mp4");
        await holdVideo({ video: input, durationMs: info.durationMs, waits, workDir: work, output: picture });
        if (originalSound) {
          const held = path.join(work, "original-held.m4a");
          await runFfmpeg(heldSoundArgs(input, soundStretches(waits, input.seconds), held));
          originalSound = { file: held, copy: true };
        }
      }
      const tracks = [
        ...(originalSound
          ? [
              {
                ...originalSound,
                language: project.language,
                title: `${nativeLanguageName(project.language)} (original)`,
              },
            ]
          : []),
        ...dubs.map((d, i) => ({
          file: files[i]!.path,
          language: d.language,
          title: `${nativeLanguageName(d.language)} (dub)`,
          copy: true,
        })),
      ];
      const output = path.join(work, "all-languages.mp4");
      const addedMs = waits.reduce((sum, w) => sum + w.ms, 0);
      await runFfmpeg(multiTrackArgs(picture, tracks, output), { durationMs: info.durationMs + addedMs });
      await Promise.all([source, ...files].map((f) => f.release()));
      return {
        file: output,
        size: (await stat(output)).size,
        left: left.map((d) => d.language),
        release,
      };
    } catch (error) {
      await release();
      throw error;
    } finally {
      multiTrackBuilds--;
    }
  }

  /** A job as it is now (a start call that waited answers with the settled job, not the queued one). */
  async jobNow(job: { id: string } | null) {
    const row = job && (await this.tracker.get(job.id));
    return row ? presentJob(row) : null;
  }

  private async translationOf(project: ProjectRow, language: LanguageCode, userId: string) {
    return this.present(await this.translationRow(project, language), userId);
  }

  private async translationRow(project: ProjectRow, language: LanguageCode) {
    const row = await this.translations.find(project.id, language);
    if (!row) throw new AppError("not_found", NO_TRANSLATION);
    return row;
  }
}

/** Multi-language files being put together in this process, and how many may be at once. */
let multiTrackBuilds = 0;
const MULTI_TRACK_BUILDS = 2;
