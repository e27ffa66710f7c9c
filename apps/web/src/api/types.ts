import type { Job, Translation } from "@dubbing/contract";

// What the server answers is defined once in @dubbing/contract (zod, and the OpenAPI document made from
// it); the web app reads the inferred types. Only `Translations` and `ProgressEvent` are its own names.
export type {
  AppConfig,
  BlogPost,
  DubReport,
  EngineAvailability,
  ErrorCode,
  Frame,
  Job,
  Language,
  Project,
  ProjectDetail,
  ProjectStatus,
  Segment,
  Speaker,
  Storyboard,
  StoryboardImage,
  Translation,
  TranslationStatus,
  User,
  Voice,
} from "@dubbing/contract";

export type Translations = Record<string, Translation>;

/** A job's progress, as the events stream sends it. */
export type ProgressEvent = Job;
