import type { Usage } from "@dubbing/contract";
import type { FastifyInstance } from "fastify";
import { currentUser, SIGNED_IN } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import type { VideoRepository } from "../projects/repository.ts";
import { quotaUse } from "../usage/quotas.ts";
import type { BillingService } from "./service.ts";

/**
 * GET /api/usage: seconds of video transcribed and dubbed this calendar month (UTC), and the plan's limit:
 * {month, transcribedSeconds, dubbedSeconds, usedSeconds, limitSeconds, remainingSeconds, plan} (null limits:
 * none; plan: its id), the counted
 * work {quotas: {translations, storyboardVideos, imageSearches: {used, limit}}} and
 * {storage: {usedBytes, limitBytes}}.
 */
export function usageRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; db: Db; videos: VideoRepository },
) {
  app.get("/api/usage", SIGNED_IN, async (request): Promise<Usage> => {
    const userId = currentUser(request).id;
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
