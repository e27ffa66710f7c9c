// Every status a record can be in, defined once: the server's tables, job handlers and presenters and the
// web app's types all take them from here.

/** A project (uploaded video): ingest, then transcription, then ready (or failed). */
export const PROJECT_STATUSES = ["uploaded", "processing", "transcribing", "ready", "failed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** One language of a project: translation, then dubbing (a failed dub keeps an earlier video's "dubbed"). */
export const TRANSLATION_STATUSES = ["translating", "translated", "dubbing", "dubbed", "failed"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** A storyboard's video generation. */
export const STORYBOARD_STATUSES = ["idle", "generating", "ready", "failed"] as const;
export type StoryboardStatus = (typeof STORYBOARD_STATUSES)[number];

/** The user-visible record of one job run. */
export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_KINDS = ["ingest", "transcribe", "translate", "dub", "storyboard"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
