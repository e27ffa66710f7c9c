import type { dubBody, LanguageCode } from "@dubbing/contract";
import type { z } from "zod";
import type { JobQueue } from "../jobs/runner.ts";
import type { Plan, PlanId } from "../plans/plans.ts";
import { VideoRepository } from "../projects/repository.ts";
import { TranslationRepository } from "../projects/translation-repository.ts";
import { chargeMinutes } from "../usage/reserve.ts";
import { requireApprovedWhereAsked } from "./approval-gate.ts";

/** A dub to start after a translation (its plan as when it was asked for: the id, read in the worker). */
export interface ThenDub extends DubTiming {
  plan: PlanId;
  burnSubtitles?: boolean;
  background?: "keep" | "duck" | "remove";
}

/** How the dub fits its lines (the contract's `timing` and `maxSpeed`). */
export type DubTiming = Pick<z.infer<typeof dubBody>, "timing" | "maxSpeed">;

export interface DubOptions extends DubTiming {
  regenerate?: number[];
  burnSubtitles?: boolean;
  bilingualSubtitles?: boolean;
  background?: "keep" | "duck" | "remove";
}

/**
 * Starts the dub of one translation: claims it and reserves the video's minutes in the same transaction
 * (402 when the month has not enough left), so a dub is metered before it runs, whoever starts it (a
 * request, or a finished translation of a "translate and dub" batch). Null when a dub already runs; 409 when
 * the workspace dubs only approved translations and this one is not (approval-gate.ts).
 */
export function startDubJob(
  jobs: JobQueue,
  dub: {
    userId: string;
    /** Whose minutes: the owner of the project's workspace (workspaces/repository.ts `payerOf`). */
    payer: string;
    plan: Plan;
    projectId: string;
    language: LanguageCode;
    translationId: string;
    seconds: number;
    opts: DubOptions;
  },
) {
  const { userId, projectId, language } = dub;
  return jobs.start({
    queue: "dub",
    owner: userId,
    subject: { projectId, language },
    payload: (trackId) => ({ projectId, language, trackId, ...dub.opts }),
    claim: async (tx) => {
      await new VideoRepository(tx).lockProject(projectId);
      await requireApprovedWhereAsked(tx, dub.translationId);
      return new TranslationRepository(tx).claimForDub(dub.translationId);
    },
    charge: chargeMinutes({
      userId: dub.payer,
      plan: dub.plan,
      kind: "dubbed",
      seconds: dub.seconds,
      what: "dub",
    }),
  });
}
