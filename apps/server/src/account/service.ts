import { deleteUser, signInMethodsOf } from "@dubbing/identity-server";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { BillingService } from "../billing/service.ts";
import type { Db } from "../db/client.ts";
import { dataExports, projects, segments, storyboards, translations, users } from "../db/schema.ts";
import type { DeletionService } from "../deletion/service.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { SignPath } from "../projects/present.ts";
import { exportsPrefix } from "../storage/keys.ts";
import { keepUsageOf } from "../usage/carryover.ts";
import { ownedWorkspaces } from "../workspaces/repository.ts";
import { assertNoSharedOwnership, settleWorkspacesOf } from "./workspaces-on-deletion.ts";

/** Exports a user may ask for in a day (each reads all of the user's rows). */
const EXPORTS_PER_DAY = 5;
/** How long a finished export's ZIP is kept (and its link works). */
export const EXPORT_KEEP_DAYS = 7;
const EXPORT_LINK_SECONDS = 3600;

type User = { id: string; email: string };

/** The settings page: who you are, how you sign in, your data as a ZIP, and closing the account. */
export class AccountService {
  readonly db: Db;
  readonly jobs: JobQueue;
  readonly deletion: DeletionService;
  readonly billing: BillingService;
  readonly sign: SignPath;

  constructor(deps: {
    db: Db;
    jobs: JobQueue;
    deletion: DeletionService;
    billing: BillingService;
    sign: SignPath;
  }) {
    this.db = deps.db;
    this.jobs = deps.jobs;
    this.deletion = deps.deletion;
    this.billing = deps.billing;
    this.sign = deps.sign;
  }

  async overview(user: User) {
    const [row] = await this.db.select().from(users).where(eq(users.id, user.id));
    const methods = row?.identityUserId
      ? await signInMethodsOf(this.db, row.identityUserId)
      : { emails: [user.email], phones: [], oauth: [], password: false };
    return {
      email: user.email,
      createdAt: row?.createdAt.toISOString() ?? null,
      signInMethods: methods,
      export: await this.latestExport(user.id),
    };
  }

  /**
   * What an export will hold, before it is asked for: counts and the bytes of text it writes (the ZIP is
   * about this size or smaller; videos are links, not copies).
   */
  async exportEstimate(userId: string) {
    const [counts] = await this.db
      .select({
        projects: sql<number>`count(*)::int`,
        text: sql<string>`coalesce(sum((select coalesce(sum(length(${segments.text}) + 60), 0) from ${segments} where ${segments.projectId} = ${projects.id})), 0)`,
        translated: sql<string>`coalesce(sum((select coalesce(sum(length(${translations.transcript}::text)), 0) from ${translations} where ${translations.projectId} = ${projects.id})), 0)`,
      })
      .from(projects)
      .where(inArray(projects.workspaceId, ownedWorkspaces(this.db, userId)));
    const [boards] = await this.db
      .select({
        storyboards: sql<number>`count(*)::int`,
        text: sql<string>`coalesce(sum(length(${storyboards.frames}::text)), 0)`,
      })
      .from(storyboards)
      .where(inArray(storyboards.workspaceId, ownedWorkspaces(this.db, userId)));
    // JSON, SRT and VTT of each transcript: about three times its text; 2 KB of details per project.
    const bytes =
      3 * (Number(counts?.text ?? 0) + Number(counts?.translated ?? 0)) +
      2048 * (counts?.projects ?? 0) +
      Number(boards?.text ?? 0) +
      1024;
    return { projects: counts?.projects ?? 0, storyboards: boards?.storyboards ?? 0, estimatedBytes: bytes };
  }

  /** Starts an export; while one runs it is returned instead (a double click makes one). */
  async startExport(userId: string) {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const recent = await tx
        .select()
        .from(dataExports)
        .where(
          and(eq(dataExports.userId, userId), gt(dataExports.createdAt, new Date(Date.now() - 86_400_000))),
        )
        .orderBy(desc(dataExports.createdAt));
      const running = recent.find((e) => e.status === "queued" || e.status === "running");
      if (running) return { export: this.presentExport(running), started: false };
      if (recent.length >= EXPORTS_PER_DAY)
        throw new AppError(
          "rate_limited",
          `You can download your data ${EXPORTS_PER_DAY} times a day. Use the last download or try again tomorrow.`,
        );
      const [row] = await tx.insert(dataExports).values({ userId, status: "queued" }).returning();
      await this.jobs.enqueueExport(tx, row!.id);
      return { export: this.presentExport(row!), started: true };
    });
  }

  async latestExport(userId: string) {
    const [row] = await this.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    return row ? this.presentExport(row) : null;
  }

  private presentExport(row: typeof dataExports.$inferSelect) {
    const expired = row.finishedAt && Date.now() - row.finishedAt.getTime() > EXPORT_KEEP_DAYS * 86_400_000;
    return {
      id: row.id,
      status: expired ? ("expired" as const) : row.status,
      message: row.message,
      sizeBytes: row.sizeBytes,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      url:
        row.status === "ready" && row.key && !expired
          ? this.sign(row.key, EXPORT_LINK_SECONDS, `my-data-${row.createdAt.toISOString().slice(0, 10)}.zip`)
          : null,
    };
  }

  /**
   * Closes the account: the subscription is cancelled in Stripe first (if that fails, nothing is deleted);
   * then the app account and the identity user go in one transaction (every session with them, and the
   * identity audit lines naming them), then every stored file. Signing in again with the same email
   * starts a new, empty account, which continues this month's usage (usage/carryover.ts).
   */
  async deleteAccount(user: User, confirmation: string): Promise<void> {
    if (confirmation.trim().toLowerCase() !== user.email.trim().toLowerCase())
      throw new AppError("validation_failed", "Type your email address exactly to confirm.", [
        { path: "email", message: "This is not your email address." },
      ]);
    await this.close(user.id);
  }

  /**
   * An operator deleted the identity user (`DELETE /v1/users/{id}`): its app account closes the same way.
   * Returns the app account's id, or null when the identity user had none.
   */
  async deleteForIdentityUser(identityUserId: string): Promise<string | null> {
    const [row] = await this.db.select().from(users).where(eq(users.identityUserId, identityUserId));
    if (!row) return null;
    await this.close(row.id);
    return row.id;
  }

  /**
   * An operator deletes the account from the console (admin/users.ts): closed the same way, with the
   * console's audit line written in the deletion's transaction (`alsoInTx`).
   */
  async closeByOperator(userId: string, alsoInTx: (tx: Db) => Promise<void>): Promise<void> {
    await this.close(userId, alsoInTx);
  }

  private async close(userId: string, alsoInTx?: (tx: Db) => Promise<void>): Promise<void> {
    await assertNoSharedOwnership(this.db, userId);
    await this.billing.cancelForAccountDeletion(userId);
    const files = await this.deletion.everythingOf(userId);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.id, userId));
      if (!row) return;
      await assertNoSharedOwnership(tx, userId); // again: someone may have joined since
      // Signing up again with any of its addresses this month continues the month's usage.
      const addresses = row.identityUserId ? (await signInMethodsOf(tx, row.identityUserId)).emails : [];
      await keepUsageOf(tx, userId, [row.email, ...addresses]);
      await settleWorkspacesOf(tx, userId);
      await tx.delete(users).where(eq(users.id, userId));
      if (row.identityUserId) await deleteUser(tx, row.identityUserId);
      await alsoInTx?.(tx);
    });
    await this.deletion.purgeOrRetry({ ...files, prefixes: [...files.prefixes, exportsPrefix(userId)] });
  }
}
