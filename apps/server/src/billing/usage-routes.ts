import type { Usage } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentWorkspace, member } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import type { VideoRepository } from "../projects/repository.ts";
import { quotaUse } from "../usage/quotas.ts";
import { payerOf } from "../workspaces/repository.ts";
import type { BillingService } from "./service.ts";

/**
 * GET /api/usage: seconds of video transcribed and dubbed this calendar month (UTC), and the plan's limit:
 * {month, transcribedSeconds, dubbedSeconds, usedSeconds, limitSeconds, remainingSeconds, plan} (null limits:
 * none; plan: its id), the counted
 * work {quotas: {translations, storyboardVideos, imageSearches: {used, limit}}} and
 * {storage: {usedBytes, limitBytes}}. Of the workspace of `?workspaceId=` (the caller's personal one by
 * default): its owner's plan and month, which every workspace they own shares (any member may read them).
 * A session's only: the figures are the owner's whole account (every workspace they own), so an API key,
 * which acts in the one workspace it was made for, is refused (403) as on the account overview and billing.
 */
export function usageRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; db: Db; videos: VideoRepository },
) {
  app.get("/api/usage", member("view", "query", "session-only"), async (request): Promise<Usage> => {
    const userId = await payerOf(deps.db, currentWorkspace(request).id);
    const usage = await deps.billing.usageOf(userId);
    return {
      ...usage,
      plan: usage.plan.id,
      quotas: await quotaUse(deps.db, userId, usage.plan),
      storage: {
        usedBytes: await deps.videos.storedBytesOf(userId),
        limitBytes: usage.plan.storedBytes,
      },
    };
  });
}
