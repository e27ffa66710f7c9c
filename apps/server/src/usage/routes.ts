import type { FastifyInstance } from "fastify";
import { currentUser } from "../http/auth.ts";
import { monthOf, type UsageRepository } from "./repository.ts";

/** GET /api/usage: seconds of video transcribed and dubbed this calendar month (UTC). */
export function usageRoutes(app: FastifyInstance, deps: { usage: UsageRepository }) {
  app.get("/api/usage", async (request) => deps.usage.get(currentUser(request).id, monthOf(new Date())));
}
