import {
  type LanguageCode,
  type LineComment,
  lineCommentBody,
  resolveCommentBody,
  reviewRefusal,
  reviewStatusBody,
} from "@dubbing/contract";
import { and, asc, count, eq, isNull, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { recordActivity } from "../activity/record.ts";
import { currentUser, currentWorkspace, member } from "../auth/access.ts";
import type { Db } from "../db/client.ts";
import { lineComments, translations, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { languageParam, NO_TRANSLATION } from "../projects/languages.ts";
import { isUuid } from "../workspaces/access.ts";
import { verdictRefusal } from "./approver.ts";

const noTranslation = () => new AppError("not_found", NO_TRANSLATION);
const noComment = () => new AppError("not_found", "There is no such comment.");

/**
 * Review: a translation's status (draft → in review → approved, or changes requested; who and when) and
 * comments on its lines, in threads that are resolved or not. The route's access check has found the
 * project in a workspace the caller is a member of (auth/access.ts), so `:id` is a project they may see.
 */
export function reviewRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  type Params = { Params: { id: string; language: string } };

  app.put<Params>(
    "/api/video/:id/translations/:language/status",
    member("review", "project"),
    async (request) => {
      const { status } = parseBody(reviewStatusBody, request.body);
      const { id } = request.params;
      const language = languageParam(request.params.language);
      const [row] = await db
        .select({
          status: translations.reviewStatus,
          work: translations.status,
          editedBy: translations.editedBy,
        })
        .from(translations)
        .where(and(eq(translations.projectId, id), eq(translations.language, language)));
      if (!row) throw noTranslation();
      const user = currentUser(request);
      const ownOpen = status === "approved" ? await openThreadsBy(db, id, language, user.id) : 0;
      const refusal = reviewRefusal(currentWorkspace(request).role, row.status, status, ownOpen);
      if (refusal) throw new AppError(refusal.code, refusal.message);
      const mine = verdictRefusal(user.id, status, { status: row.work, editedBy: row.editedBy });
      if (mine) throw new AppError(mine.code, mine.message);
      const by = user.email;
      const at = new Date();
      // set only if the translation is as it was checked: a change of its text meanwhile (its author, its
      // review sent back to draft: projects/review-reset.ts) or a new translation started makes it a 409
      const set = await db
        .update(translations)
        .set({ reviewStatus: status, reviewBy: by, reviewAt: at, reviewNote: null })
        .where(
          and(
            eq(translations.projectId, id),
            eq(translations.language, language),
            eq(translations.reviewStatus, row.status),
            status === "approved" ? ne(translations.status, "translating") : undefined,
            row.editedBy === null ? isNull(translations.editedBy) : eq(translations.editedBy, row.editedBy),
          ),
        )
        .returning({ id: translations.id });
      if (set.length === 0)
        throw new AppError("conflict", "This translation changed meanwhile: look at it again, then decide.");
      await recordActivity(db, { projectId: id, actorId: user.id, action: `review:${status}`, language });
      return { status, by, at: at.toISOString(), note: null, editedByYou: row.editedBy === user.id };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { language?: string } }>(
    "/api/video/:id/comments",
    member("view", "project"),
    async (request) => {
      const { language } = request.query;
      const rows = await db
        .select({ comment: lineComments, author: users.email })
        .from(lineComments)
        .leftJoin(users, eq(users.id, lineComments.authorId))
        .where(
          and(
            eq(lineComments.projectId, request.params.id),
            typeof language === "string" ? eq(lineComments.language, languageParam(language)) : undefined,
          ),
        )
        .orderBy(asc(lineComments.createdAt), asc(lineComments.id));
      return { comments: rows.map((r) => present(r.comment, r.author)) };
    },
  );

  app.post<{ Params: { id: string } }>(
    "/api/video/:id/comments",
    member("comment", "project"),
    async (request, reply) => {
      const input = parseBody(lineCommentBody, request.body);
      const projectId = request.params.id;
      if (input.parentId) {
        const [parent] = await db
          .select({ id: lineComments.id, parentId: lineComments.parentId })
          .from(lineComments)
          .where(and(eq(lineComments.id, input.parentId), eq(lineComments.projectId, projectId)));
        // a reply joins the thread of its first comment
        if (!parent) throw noComment();
        input.parentId = parent.parentId ?? parent.id;
      }
      const user = currentUser(request);
      const [row] = await db
        .insert(lineComments)
        .values({ projectId, ...input, parentId: input.parentId ?? null, authorId: user.id })
        .returning();
      await recordActivity(db, {
        projectId,
        actorId: user.id,
        action: "comment:added",
        language: input.language,
      });
      return reply.code(201).send(present(row!, user.email));
    },
  );

  app.put<{ Params: { id: string; commentId: string } }>(
    "/api/video/:id/comments/:commentId",
    member("comment", "project"),
    async (request) => {
      const { resolved } = parseBody(resolveCommentBody, request.body);
      if (!isUuid(request.params.commentId)) throw noComment();
      const [row] = await db
        .update(lineComments)
        .set({ resolvedAt: resolved ? new Date() : null })
        .where(
          and(eq(lineComments.id, request.params.commentId), eq(lineComments.projectId, request.params.id)),
        )
        .returning();
      if (!row) throw noComment();
      const [author] = row.authorId
        ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.authorId))
        : [];
      return present(row, author?.email ?? null);
    },
  );
}

/** How many threads `authorId` opened on the language's lines that are not resolved. */
async function openThreadsBy(db: Db, projectId: string, language: LanguageCode, authorId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(lineComments)
    .where(
      and(
        eq(lineComments.projectId, projectId),
        eq(lineComments.language, language),
        eq(lineComments.authorId, authorId),
        isNull(lineComments.parentId),
        isNull(lineComments.resolvedAt),
      ),
    );
  return row?.n ?? 0;
}

function present(row: typeof lineComments.$inferSelect, author: string | null): LineComment {
  return {
    id: row.id,
    language: row.language,
    line: row.line,
    parentId: row.parentId,
    author,
    body: row.body,
    resolved: row.resolvedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
