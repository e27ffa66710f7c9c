// What each queue's job carries, declared here by the worker role into the engine's JobPayloads
// (jobs/runner.ts names no feature's type): JobQueue.start and the handlers are checked against it.
import type { PurgeTarget } from "../deletion/purge.ts";
import type { ThenDub } from "../translations/start-dub.ts";
import type { LinkImportJob } from "./link-import-step.ts";

declare module "../jobs/runner.ts" {
  interface JobPayloads {
    /** `link`: a link import, downloaded by this job first (link-import/import-step.ts). */
    ingest: { projectId: string; trackId?: string; link?: LinkImportJob };
    transcribe: { projectId: string; trackId: string };
    translate: {
      projectId: string;
      language: string;
      trackId: string;
      /** "Translate and dub": the dub to start when the translation is done. */
      thenDub?: ThenDub;
    };
    dub: {
      projectId: string;
      language: string;
      trackId: string;
      /** Transcript indexes to synthesize again although cached ("Regenerate this line"). */
      regenerate?: number[];
      /** Draw the subtitles into the video. */
      burnSubtitles?: boolean;
      /** The original audio under the dub (default "keep": the separated background). */
      background?: "keep" | "duck" | "remove";
      /** Drawn subtitles show the original line above the translated one. */
      bilingualSubtitles?: boolean;
      /** How the lines are fitted (default "keep-length") and its speed cap. */
      timing?: "keep-length" | "picture-waits";
      maxSpeed?: number;
    };
    retention: Record<string, never>;
    purge: PurgeTarget;
    export: { exportId: string };
    webhook: { endpointId: string; orderKey: string };
    storyboard: {
      storyboardId: string;
      trackId: string;
      voice: string;
      language: string;
      subtitles: boolean;
    };
  }
}
