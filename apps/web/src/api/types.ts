import type { ProjectStatus, TranslationStatus } from "@dubbing/contract";
import type { Segment } from "../features/editor/segments.ts";
import type { Speaker } from "../features/editor/speakers.ts";

export type { ProjectStatus, TranslationStatus } from "@dubbing/contract";
export type { Segment, Speaker };

export interface Project {
  _id: string;
  title: string;
  status: ProjectStatus;
  progress: number;
  statusMessage: string | null;
  language: string | null;
  originalVideoUrl: string | null;
  posterUrl: string | null;
  previewUrl: string | null;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  uploadedAt: string;
  expiresAt: string;
  speakers: Speaker[];
  transcript?: Segment[];
}

export interface DubReport {
  segments: { index: number; tooLong: boolean; speed: number }[];
}

export interface Translation {
  videoId: string;
  language: string;
  status: TranslationStatus;
  statusMessage: string | null;
  transcript: Segment[];
  finalVideoUrl: string | null;
  srtUrl: string | null;
  vttUrl: string | null;
  report: DubReport | null;
  stale: boolean;
}

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
}

export interface User {
  id: string;
  email: string;
}

export interface ProgressEvent {
  kind: "ingest" | "transcribe" | "translate" | "dub";
  language?: string;
  status: string;
  percent: number;
  message: string;
}

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
