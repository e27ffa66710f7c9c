import { randomUUID } from "node:crypto";
import { unlink } from "node:fs/promises";
import { text } from "node:stream/consumers";
import type { LanguageCode, Prosody, SpokenLanguage } from "@dubbing/contract";
import {
  assertHasVideo,
  bilingualCues,
  isLanguageCode,
  MediaError,
  measureSpeakers,
  parseSpeechActivity,
  probe,
  STEM_FILES,
  type Stems,
  shiftCues,
  speechInWav,
  toSrt,
  toVtt,
  untranscribedMarks,
  verifiedDurationMs,
  voicesByPitch,
  voicesOfAdded,
} from "@dubbing/dubbing";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { JobTracker } from "../jobs/tracker.ts";
import { fileNameOfLink } from "../media/file-names.ts";
import { planOrUnlimited } from "../plans/plans.ts";
import { NO_TRANSLATION } from "../projects/languages.ts";
import { requireOwnClonedVoices } from "../projects/own-cloned-voices.ts";
import { presentProject, presentProjectDetail, type SignPath, signedFor } from "../projects/present.ts";
import { type ProjectRow, projectNotFound, VideoRepository } from "../projects/repository.ts";
import { firstUnknownSpeaker, type Speaker, type VideoUpdate } from "../projects/schemas.ts";
import { timelineProblem } from "../projects/timeline.ts";
import type { TranslationRepository } from "../projects/translation-repository.ts";
import type { Storage } from "../storage/index.ts";
import { projectKeys, projectPrefix, stemsPrefix } from "../storage/keys.ts";
import { chargeMinutes, type UsageLimits } from "../usage/reserve.ts";
import { payerOf } from "../workspaces/repository.ts";
import { mediaRefusal } from "./media-limits.ts";
import { ProjectReads } from "./read-cache.ts";

import { readSubtitleFile, type SubtitleUpload, transcriptFromCues } from "./subtitle-import.ts";
import { storedExtension } from "./upload.ts";

/** ffprobe's time to read an upload's header, inside the upload request. */
const PROBE_TIMEOUT_MS = 30_000;

/** What the user is told when the streams contradict the header (415). */
const STREAM_REFUSALS: Partial<Record<MediaError["code"], string>> = {
  indirect: "This file is a playlist or a list of other files, not a video. Upload the video file itself.",
  image: "This file is a picture, not a video. Upload a video file.",
  no_frames: "This file's video track has no pictures we can read. Upload another copy of the video.",
  truncated: "This file is incomplete: it stops before the end its header announces. Upload the whole file.",
  aborted: "This file took too long to read. Upload another copy.",
  not_media: "This file is not a video we can read. Upload an MP4, WebM, OGG, MOV, AVI or WMV file.",
};

/** A media error of the upload as the 415 the user sees; anything else is passed on. */
function refuseUnreadable(error: unknown): never {
  const refusal = error instanceof MediaError ? STREAM_REFUSALS[error.code] : undefined;
  if (refusal) throw new AppError("unsupported_media_type", refusal, undefined, { cause: error });
  throw error;
}

/**
 * The checks every video goes through before it is stored or charged (an upload in its request, a link
 * import in its job): not empty, a video track, the duration measured from the streams (the header's is
 * never trusted) and the plan's media limits. Answers the probe with the measured duration; a refusal is an
 * AppError in words for the user.
 */
export async function checkVideoFile(file: { path: string; size: number }, maxVideoSeconds: number | null) {
  if (file.size === 0) throw new AppError("empty_file", "The file is empty. Choose a video file to upload.");
  // Reading a file's header takes milliseconds; a file that keeps ffprobe busy is refused.
  const probed = await probe(file.path, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).catch(
    refuseUnreadable,
  );
  try {
    assertHasVideo(probed);
  } catch (error) {
    throw new AppError(
      "unsupported_media_type",
      "This file has no video track. Upload a video file.",
      undefined,
      {
        cause: error,
      },
    );
  }
  // The header's claims checked against the streams: the duration charged, checked against the plan
  // and given to every later job is where the packets end, whatever the header says.
  probed.durationMs = await verifiedDurationMs(
    file.path,
    probed,
    AbortSignal.timeout(PROBE_TIMEOUT_MS),
  ).catch(refuseUnreadable);
  const refusal = mediaRefusal(probed.video!, probed.durationMs, maxVideoSeconds);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  return { ...probed, video: probed.video! };
}

/** A checked file's columns once it is stored under `originalKey` (an upload's, or a link's download). */
export function storedFileColumns(
  originalKey: string,
  file: { name: string; size: number },
  probed: Awaited<ReturnType<typeof checkVideoFile>>,
) {
  return {
    originalKey,
    originalName: file.name.slice(0, 255),
    sizeBytes: file.size,
    durationMs: Math.round(probed.durationMs),
    width: probed.video.width,
    height: probed.video.height,
    hasAudio: probed.audio ? 1 : 0,
  };
}

/** An upload to make a project of (VideoService.create). */
export interface NewUpload {
  userId: string;
  title: string;
  /** The received temporary file, its name as sent and its size. */
  file: { path: string; name: string; size: number };
  /** What is spoken in it ("en" by default). */
  language?: SpokenLanguage;
  /** SRT or WebVTT cues to use as the transcript: speech recognition is then skipped. */
  subtitles?: SubtitleUpload;
  /** How many people speak (1–8), or null to detect (the default). */
  speakerCount?: number | null;
  /** The workspace the project belongs to (the uploader's personal one by default: its id is theirs). */
  workspaceId?: string;
}

export class VideoService {
  readonly repo: VideoRepository;
  /** GET's reads (from memory in embedded mode); without them, every read asks the database. */
  readonly reads: ProjectReads;
  readonly storage: Storage;
  readonly jobs: JobQueue;
  readonly sign: SignPath;
  readonly tracker: JobTracker;
  readonly translations: TranslationRepository;
  readonly limits: UsageLimits | undefined;

  constructor(deps: {
    repo: VideoRepository;
    reads?: ProjectReads;
    storage: Storage;
    jobs: JobQueue;
    sign: SignPath;
    tracker: JobTracker;
    translations: TranslationRepository;
    limits?: UsageLimits;
  }) {
    this.repo = deps.repo;
    this.reads = deps.reads ?? new ProjectReads(deps.repo);
    this.limits = deps.limits;
    this.tracker = deps.tracker;
    this.translations = deps.translations;
    this.storage = deps.storage;
    this.jobs = deps.jobs;
    this.sign = deps.sign;
  }

  /** Checks the uploaded temporary file really is a video, stores it, records the project and queues ingest. */
  async create(upload: NewUpload) {
    const { userId, title, file, subtitles } = upload;
    const language = upload.language ?? "en";
    const speakerCount = upload.speakerCount ?? null;
    const workspaceId = upload.workspaceId ?? userId;
    const id = randomUUID();
    const prefix = projectPrefix(id);
    let stored = false;
    try {
      // the workspace's owner pays: their plan's limits, their month's minutes
      const payer = await payerOf(this.repo.db, workspaceId);
      const plan = await planOrUnlimited(this.limits, payer);
      const probed = await checkVideoFile(file, plan.maxVideoSeconds);
      const imported = subtitles
        ? await voicesFromAudio(
            file.path,
            transcriptFromCues(readSubtitleFile(subtitles, probed.durationMs), language),
            language,
          )
        : undefined;
      await this.limits?.assertCanUse(payer, probed.durationMs / 1000, "upload");
      const kept = await this.repo.storedBytesOf(payer);
      if (plan.storedBytes !== null && kept + file.size > plan.storedBytes) {
        const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
        throw new AppError(
          "file_too_large",
          `Your ${plan.name} plan keeps up to ${gib(plan.storedBytes)} of videos and you keep ${gib(kept)}. Delete a project or upgrade your plan at /subscription.`,
        );
      }
      const originalKey = projectKeys(id).original(storedExtension(file.name, probed.formatName));
      await this.storage.putFile(originalKey, file.path);
      stored = true;
      const row = await this.repo.insert({
        id,
        userId,
        workspaceId,
        title,
        language,
        status: "uploaded",
        progress: 0,
        ...storedFileColumns(originalKey, file, probed),
        speakerCount,
      });
      // The upload's minutes are taken from the month with the job that accepts it.
      const job = await this.jobs.start({
        queue: "ingest",
        owner: userId,
        subject: { projectId: id },
        payload: (trackId) => ({ projectId: id, trackId }),
        // Imported subtitles commit with the job; ingest then sees a transcript and skips transcription.
        claim: imported
          ? async (tx) => {
              await new VideoRepository(tx).update(id, imported);
              return true;
            }
          : undefined,
        charge: chargeMinutes({
          userId: payer,
          plan,
          kind: "transcribed",
          seconds: probed.durationMs / 1000,
          what: "upload",
        }),
      });
      // The job id: the ingest's log lines carry it (`jobId`), so an operator can follow this upload.
      return {
        ...presentProjectDetail(
          row,
          signedFor(this.sign, userId),
          imported ?? { speakers: [], transcript: [] },
        ),
        jobId: job?.id ?? null,
      };
    } catch (error) {
      if (!stored) await unlink(file.path).catch(() => {});
      else {
        await this.repo.delete(id).catch(() => {});
        await this.storage.deletePrefix(prefix).catch(() => {});
      }
      throw error;
    }
  }

  /**
   * Link import: records the project (status "uploaded", nothing stored yet) and queues its ingest, whose
   * first step downloads the link in the worker. The month's minutes and the plan's storage are checked
   * here only for being used up; the video's own minutes are taken by the job once its duration is measured.
   */
  async createFromLink(
    userId: string,
    input: {
      title: string;
      url: string;
      language: SpokenLanguage;
      speakerCount: number | null;
      workspaceId?: string;
    },
  ) {
    const payer = await payerOf(this.repo.db, input.workspaceId ?? userId);
    const plan = await planOrUnlimited(this.limits, payer);
    await this.limits?.assertCanUse(payer, 1, "upload");
    if (plan.storedBytes !== null && (await this.repo.storedBytesOf(payer)) >= plan.storedBytes)
      throw new AppError(
        "file_too_large",
        `Your ${plan.name} plan's storage is full. Delete a project or upgrade your plan at /subscription.`,
      );
    const id = randomUUID();
    let inserted: ProjectRow | undefined;
    const started = await this.jobs.start({
      queue: "ingest",
      owner: userId,
      subject: { projectId: id },
      payload: (trackId) => ({ projectId: id, trackId, link: { plan: plan.id } }),
      // the project and its job commit together
      claim: async (tx) => {
        inserted = await new VideoRepository(tx).insert({
          id,
          userId,
          workspaceId: input.workspaceId ?? userId,
          title: input.title,
          language: input.language,
          status: "uploaded",
          progress: 0,
          statusMessage: "Waiting to download the video",
          originalKey: "",
          originalName: fileNameOfLink(input.url),
          sizeBytes: 0,
          speakerCount: input.speakerCount,
          sourceUrl: input.url,
        });
        return true;
      },
    });
    if (!started || !inserted) throw new Error("the import job did not start");
    // as committed: the worker may already have moved it on
    return {
      ...presentProjectDetail(inserted, signedFor(this.sign, userId), { speakers: [], transcript: [] }),
      jobId: started.id,
    };
  }

  async list(userId: string, workspaceId: string) {
    const rows = await this.reads.list(workspaceId);
    const sign = signedFor(this.sign, userId);
    return rows.map((row) => presentProject(row, sign));
  }

  async get(userId: string, id: string) {
    const found = await this.reads.withWords(userId, id);
    if (!found) throw projectNotFound();
    return presentProjectDetail(found.row, signedFor(this.sign, userId), found);
  }

  /**
   * Where speech was heard that no segment covers (speech.json, made at transcription on the separated
   * voice or, when the separation failed, on the original; against the transcript as it is now), for the
   * editor's "Untranscribed speech" marks.
   */
  async untranscribedSpeech(userId: string, id: string) {
    const row = await this.repo.requireVisible(userId, id);
    const read = async (name: string) => {
      const key = `${stemsPrefix(row.id)}${name}`;
      return (await this.storage.stat(key)) ? text(await this.storage.read(key)) : null;
    };
    const stemsJson = await read(STEM_FILES.info);
    const activity = parseSpeechActivity(await read(STEM_FILES.speech), stemsJson);
    const engine = stemsJson === null ? null : (JSON.parse(stemsJson) as Pick<Stems, "engine">).engine;
    const transcript = activity ? await this.repo.transcriptOf(row.id) : [];
    return {
      separated: stemsJson !== null,
      engine,
      stretches: activity ? untranscribedMarks(activity, transcript) : [],
    };
  }

  /** Where the project's audio has speech (energy VAD over ingest's 16 kHz audio); empty without audio. */
  async speech(userId: string, id: string, scratchDir: string) {
    const row = await this.repo.requireVisible(userId, id);
    return { regions: (await this.withAudio(row, scratchDir, speechInWav)) ?? [] };
  }

  /** `use` on a local copy of the project's audio (null when it has none yet), released after. */
  private async withAudio<T>(row: ProjectRow, scratchDir: string, use: (wav: string) => Promise<T>) {
    if (!row.audioKey || !(await this.storage.stat(row.audioKey))) return null;
    const copy = await this.storage.localCopy(row.audioKey, scratchDir);
    try {
      return await use(copy.path);
    } finally {
      await copy.release();
    }
  }

  /**
   * Subtitles imported as an existing project's transcript: the speakers they add get their first voice by
   * how they sound in the project's audio, as at an upload with subtitles (those it had keep theirs).
   */
  async voicesForNewSpeakers<T extends ReturnType<typeof transcriptFromCues>>(
    row: ProjectRow,
    doc: T,
    before: { id: string }[],
    scratchDir: string,
  ): Promise<T> {
    const had = new Set(before.map((s) => s.id));
    const fresh = new Set(doc.speakers.filter((s) => !had.has(s.id)).map((s) => s.id));
    if (fresh.size === 0) return doc;
    return (
      (await this.withAudio(row, scratchDir, (wav) => voicesFromAudio(wav, doc, row.language, fresh))) ?? doc
    );
  }

  async transcript(userId: string, id: string) {
    const row = await this.repo.requireVisible(userId, id);
    return this.repo.transcriptOf(row.id);
  }

  /** `scratchDir`: where the audio is copied to measure speakers given their first lines (an edit of them). */
  async update(userId: string, id: string, change: VideoUpdate, scratchDir?: string) {
    const row = await this.repo.requireVisible(userId, id);
    const stored = change.speakers || change.transcript ? await this.repo.speakersOf(row.id) : [];
    if (change.speakers) {
      const before = new Map(stored.map((s) => [s.id, s.selectedVoice]));
      await requireOwnClonedVoices(this.repo.db, row.workspaceId, change.speakers, before);
    }
    // the speakers the edit leaves: the ones it sends, else the stored ones
    const speakers = change.speakers ?? stored;
    if (change.transcript) {
      const bad = firstUnknownSpeaker(change.transcript, new Set(speakers.map((s) => s.id)));
      if (bad >= 0) {
        throw new AppError("validation_failed", "A segment names a speaker that does not exist.", [
          { path: `transcript.${bad}.speaker`, message: "Unknown speaker." },
        ]);
      }
    }
    // Order, overlaps and bounds, as for a translation: the source's timing is what translations copy.
    const problem =
      change.transcript && row.durationMs ? timelineProblem(change.transcript, row.durationMs) : null;
    if (problem) throw new AppError("validation_failed", problem.message, [problem]);
    const { edit, measured } = await this.voicesAtFirstLines(row, change, speakers, scratchDir);
    await this.repo.saveEdit(row.id, edit);
    if (measured.size > 0) await this.repo.setMeasured(row.id, Object.fromEntries(measured));
    return this.get(userId, id);
  }

  /**
   * Speakers who get their first lines in this edit (added by hand, or added earlier with none) are
   * measured over them in the project's audio, and one whose voice is of the other gender than they
   * sound gets a voice of theirs (voicesOfAdded). The measures are the server's, kept for "Match the
   * speaker"; a speaker who had lines, or a project without audio, is left as it is.
   */
  private async voicesAtFirstLines(
    row: ProjectRow,
    change: VideoUpdate,
    speakers: Speaker[],
    scratchDir?: string,
  ) {
    const none = { edit: change, measured: new Map<string, Prosody>() };
    if (!change.transcript || !scratchDir || !isLanguageCode(row.language)) return none;
    const hadLines = new Set((await this.repo.transcriptOf(row.id)).map((s) => s.speaker));
    const first = new Set(
      speakers
        .filter((s) => !hadLines.has(s.id) && change.transcript!.some((t) => t.speaker === s.id))
        .map((s) => s.id),
    );
    if (first.size === 0) return none;
    const measured = await this.withAudio(row, scratchDir, (wav) =>
      measureSpeakers(wav, change.transcript!, first),
    );
    if (!measured?.size) return none;
    return { edit: { ...change, speakers: voicesOfAdded(speakers, row.language, measured) }, measured };
  }

  /**
   * Sets the spoken language and transcribes again (also the retry of a failed or empty transcription).
   * The transcript and speakers are replaced; it costs the video's minutes, like an upload. A speaker
   * count given is kept on the project and told to the diarization.
   */
  async retranscribe(
    userId: string,
    id: string,
    language: SpokenLanguage,
    /** How many people speak (1–8), null to detect; absent keeps the project's choice. */
    speakerCount?: number | null,
  ) {
    const project = await this.repo.requireVisible(userId, id);
    if (!project.audioKey)
      throw new AppError("conflict", "This video has no audio track, so there is nothing to transcribe.");
    const payer = await payerOf(this.repo.db, project.workspaceId);
    const plan = await planOrUnlimited(this.limits, payer);
    const seconds = (project.durationMs ?? 0) / 1000;
    const job = await this.jobs.start({
      queue: "transcribe",
      owner: userId,
      subject: { projectId: project.id },
      payload: (trackId) => ({ projectId: project.id, trackId }),
      claim: async (tx) => {
        const repo = new VideoRepository(tx);
        const { status, translations } = await repo.lockForJob(project.id);
        const busy =
          status !== "ready" && status !== "failed"
            ? "The video is still being processed. Try again when it is ready."
            : translations.some((t) => t === "translating" || t === "dubbing")
              ? "A translation or dub is running. Try again when it has finished."
              : null;
        if (busy) throw new AppError("conflict", busy);
        await repo.setState(project.id, {
          language,
          ...(speakerCount !== undefined && { speakerCount }),
          status: "transcribing",
          progress: 0,
          statusMessage: "Waiting for a worker",
        });
        return true;
      },
      charge: chargeMinutes({ userId: payer, plan, kind: "transcribed", seconds, what: "upload" }),
    });
    return { ...(await this.get(userId, id)), jobId: job?.id ?? null };
  }

  /** SRT or VTT of the original transcript or of a translation, as saved now. */
  async subtitles(
    userId: string,
    id: string,
    file: { language: LanguageCode | "original"; format: "srt" | "vtt"; bilingual?: boolean },
  ) {
    const { language, format, bilingual = false } = file;
    const row = await this.repo.requireVisible(userId, id);
    if (bilingual && language === "original")
      throw new AppError(
        "bad_request",
        "Two-language subtitles are made from a translation: ask for {language}.srt.",
      );
    const translation = language === "original" ? null : await this.translations.find(row.id, language);
    const segments = language === "original" ? await this.repo.transcriptOf(row.id) : translation?.transcript;
    if (!segments) throw new AppError("not_found", NO_TRANSLATION);
    const translated = segments.filter((s) => s.text.trim() !== "");
    const paired = bilingual ? bilingualCues(await this.repo.transcriptOf(row.id), translated) : translated;
    // a dub whose picture waited has its own timeline: the translation's cues follow it
    const waits = translation?.dubReport?.timing?.waits ?? [];
    const cues = shiftCues(paired, waits);
    return format === "srt" ? toSrt(cues) : toVtt(cues);
  }
}

/**
 * An uploaded SRT's speakers (or those of `ids`) given their first voice by how they sound (their median
 * pitch over their own cues in the audio), not by the order of their names; a speaker with no voiced
 * audio keeps theirs.
 */
async function voicesFromAudio<T extends ReturnType<typeof transcriptFromCues>>(
  video: string,
  doc: T,
  language: SpokenLanguage,
  ids: ReadonlySet<string> = new Set(doc.speakers.map((s) => s.id)),
): Promise<T> {
  if (!isLanguageCode(language) || ids.size === 0) return doc;
  const measured = await measureSpeakers(video, doc.transcript, ids);
  return { ...doc, speakers: voicesByPitch(doc.speakers, language, measured, ids) };
}
