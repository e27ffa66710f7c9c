import type { Job, Translation } from "@dubbing/contract";

// What the server answers is defined once in @dubbing/contract; the types below are the web app's own.
export type {
  DubReport,
  ErrorCode,
  Job,
  Project,
  ProjectDetail,
  ProjectStatus,
  Segment,
  Speaker,
  Translation,
  TranslationStatus,
  User,
} from "@dubbing/contract";

export type Translations = Record<string, Translation>;

export interface EngineAvailability {
  available: boolean;
  engine: string | null;
  reason: string | null;
}

export interface Language {
  code: string;
  name: string;
  flag: string;
  translate: EngineAvailability;
  tts: EngineAvailability;
  /** Speech recognition, for projects whose spoken language this is. */
  asr: EngineAvailability;
}

export interface Voice {
  name: string;
  value: string;
  gender: string;
  locale: string;
}

export interface AppConfig {
  publicUrl: string;
  maxUploadBytes: number;
  acceptedUploadTypes: string[];
  /** `oauthProviders`: the social sign-ins that work on this server (Google needs its credentials). */
  identity?: { publicToken: string; sdkBaseUrl: string; oauthProviders?: string[] };
  /** The operator's contact address and policy date (SUPPORT_EMAIL, POLICIES_UPDATED); null when not set. */
  operator?: { supportEmail: string | null; policiesUpdated: string | null };
}

/** A job's progress, as the events stream sends it. */
export type ProgressEvent = Job;

export interface BlogPost {
  slug: string;
  title: string;
  /** Markdown. */
  content: string;
  /** The post rendered by the server (raw HTML escaped, unsafe links removed). */
  html?: string;
  author: string;
  publicationDate: string;
}

export interface StoryboardImage {
  id?: string | number;
  medium: string;
  alt?: string;
  photographer?: string;
  [key: string]: unknown;
}

export interface Frame {
  transcriptSegment: { text: string; [key: string]: unknown };
  pexelImages: StoryboardImage[];
  selectedAssetIndex: number;
  [key: string]: unknown;
}

export interface Storyboard {
  _id: string;
  title: string;
  createdAt: string;
  frames: Frame[];
  frameCount?: number;
  videoUrl?: string | null;
  status?: "idle" | "generating" | "ready" | "failed";
  statusMessage?: string | null;
  job?: { id: string; status: string; percent: number; message: string | null } | null;
  [key: string]: unknown;
}
