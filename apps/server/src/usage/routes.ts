import type { FastifyInstance } from "fastify";
import type { BillingService } from "../billing/service.ts";
import { currentUser } from "../http/auth.ts";

/**
 * GET /api/usage: seconds of video transcribed and dubbed this calendar month (UTC), and the plan's limit:
 * {month, transcribedSeconds, dubbedSeconds, usedSeconds, limitSeconds, remainingSeconds, plan}.
 */
export function usageRoutes(app: FastifyInstance, deps: { billing: BillingService }) {
  app.get("/api/usage", async (request) => deps.billing.usageOf(currentUser(request).id));
}
