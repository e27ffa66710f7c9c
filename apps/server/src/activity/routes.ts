import { ACTIVITY_LIMIT, type ActivityList } from "@dubbing/contract";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { member } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { projectActivity, users } from "../db/schema.ts";

/**
 * The project's activity, newest first. The route's access check has found the project in a workspace the
 * caller is a member of (auth/access.ts), so `:id` is a project they may see.
 */
export function activityRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get<{ Params: { id: string } }>(
    "/api/video/:id/activity",
    member("view", "project"),
    async (request): Promise<ActivityList> => {
      const rows = await deps.db
        .select({ entry: projectActivity, actor: users.email })
        .from(projectActivity)
        .leftJoin(users, eq(users.id, projectActivity.actorId))
        .where(eq(projectActivity.projectId, request.params.id))
        .orderBy(desc(projectActivity.at), desc(projectActivity.id))
        .limit(ACTIVITY_LIMIT);
      return {
        activity: rows.map(({ entry, actor }) => ({
          action: entry.action,
          language: entry.language,
          actor,
          note: entry.note,
          at: entry.at.toISOString(),
        })),
      };
    },
  );
}
