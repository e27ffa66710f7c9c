import type { AdminUser, AdminUserList, AdminUserQuery } from "@dubbing/contract";
import { and, desc, eq, ilike, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { AccountService } from "../account/service.ts";
import { isAdmin } from "../auth/access.ts";
import type { BillingService } from "../billing/service.ts";
import type { Db } from "../db/client.ts";
import { adminAudit, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findPlan } from "../plans/plans.ts";
import { VideoRepository } from "../projects/repository.ts";
import { type Operator, recordAction } from "./audit.ts";
import { containsPattern, pageOf } from "./search.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userNotFound = () => new AppError("not_found", "There is no such user.");
const NOT_YOURSELF = "You cannot do this to your own account from the console.";

/** The console's Users section: find accounts, see what they use, suspend, resume and delete them. */
export class AdminUsers {
  readonly #db: Db;
  readonly #billing: BillingService;
  readonly #account: AccountService;
  readonly #adminEmails: ReadonlySet<string>;

  constructor(deps: {
    db: Db;
    billing: BillingService;
    account: AccountService;
    adminEmails: ReadonlySet<string>;
  }) {
    this.#db = deps.db;
    this.#billing = deps.billing;
    this.#account = deps.account;
    this.#adminEmails = deps.adminEmails;
  }

  /**
   * Accounts whose address contains `q`, newest first, with plan, this month's usage and stored bytes: those of
   * every workspace they own (their plan pays for them all).
   */
  async list(query: AdminUserQuery): Promise<AdminUserList> {
    const rows = await this.#db
      .select({
        id: users.id,
        email: users.email,
        createdAt: users.createdAt,
        suspendedAt: users.suspendedAt,
        // Written out: drizzle leaves a column of the outer table unqualified inside a subquery's text.
        sharedWorkspaces: sql<number>`(select count(*)::int from workspace_members m join workspaces w
          on w.id = m.workspace_id where m.user_id = "users"."id" and m.role = 'owner' and w.personal_of is null)`,
      })
      .from(users)
      .where(
        and(
          query.q ? ilike(users.email, containsPattern(query.q.toLowerCase())) : undefined,
          query.before ? lt(users.createdAt, new Date(query.before)) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (r) => r.createdAt);
    const listed: AdminUser[] = [];
    const videos = new VideoRepository(this.#db);
    for (const row of page.rows) {
      // stored bytes as the plan counts them: every workspace the account owns, whoever uploaded
      const [usage, state, storedBytes] = await Promise.all([
        this.#billing.usageOf(row.id),
        this.#billing.planStateOf(row.id),
        videos.storedBytesOf(row.id),
      ]);
      listed.push({
        id: row.id,
        email: row.email,
        createdAt: row.createdAt.toISOString(),
        suspendedAt: row.suspendedAt?.toISOString() ?? null,
        plan: usage.plan.id,
        assignedPlan: state.assignedPlan,
        undefinedPlan: state.undefinedPlan,
        usage: {
          month: usage.month,
          transcribedSeconds: usage.transcribedSeconds,
          dubbedSeconds: usage.dubbedSeconds,
          limitSeconds: usage.limitSeconds,
        },
        storedBytes,
        sharedWorkspaces: Number(row.sharedWorkspaces),
        isAdmin: isAdmin(this.#adminEmails, row.email),
      });
    }
    return { users: listed, next: page.next };
  }

  /**
   * Puts an account on one of the plans (its own too: a server's owner lifts their own limits). Every check
   * reads the plan from the database (billing/service.ts planStateOf), so it holds at once in every process.
   * An account paying through Stripe keeps its subscription's plan: that is changed in Stripe.
   */
  async setPlan(admin: Operator, userId: string, planId: string): Promise<void> {
    const plan = findPlan(this.#billing.plans, planId);
    if (!plan)
      throw new AppError("validation_failed", `There is no plan "${planId}" on this server.`, [
        { path: "plan", message: `One of: ${this.#billing.plans.list.map((p) => p.id).join(", ")}.` },
      ]);
    const target = await this.#find(userId);
    if (await this.#billing.isActive(target.id))
      throw new AppError(
        "conflict",
        "This account pays for its plan through Stripe; change or cancel the subscription there first.",
      );
    await this.#db.transaction(async (tx) => {
      await tx.update(users).set({ plan: plan.id }).where(eq(users.id, target.id));
      await recordAction(tx, admin, "set_plan", { id: target.id, label: `${target.email} → ${plan.id}` });
    });
  }

  /**
   * Suspends an account: from this statement's commit its sessions and API keys are refused (403) in every
   * process (the users trigger's `session_ended` notification empties every credential cache), and it
   * cannot sign in again until resumed. Nothing is deleted.
   */
  async suspend(admin: Operator, userId: string): Promise<void> {
    await this.#setSuspended(admin, userId, true);
  }

  async resume(admin: Operator, userId: string): Promise<void> {
    await this.#setSuspended(admin, userId, false);
  }

  async #setSuspended(admin: Operator, userId: string, suspend: boolean): Promise<void> {
    if (userId === admin.id) throw new AppError("conflict", NOT_YOURSELF);
    const target = await this.#find(userId);
    await this.#db.transaction(async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({ suspendedAt: suspend ? new Date() : null })
        .where(
          and(eq(users.id, target.id), suspend ? isNull(users.suspendedAt) : isNotNull(users.suspendedAt)),
        )
        .returning({ id: users.id });
      if (!changed)
        throw new AppError(
          "conflict",
          suspend ? "This account is already suspended." : "This account is not suspended.",
        );
      await recordAction(tx, admin, suspend ? "suspend_user" : "resume_user", {
        id: target.id,
        label: target.email,
      });
    });
  }

  /**
   * Deletes an account as its owner's own deletion does (subscription cancelled first, then every row and
   * file, usage carried over), confirmed by typing its address. The audit line keeps the account's id only,
   * and the addresses of earlier lines about it are cleared: the account's data goes, the fact does not.
   */
  async delete(admin: Operator, userId: string, confirmation: string): Promise<void> {
    if (userId === admin.id) throw new AppError("conflict", NOT_YOURSELF);
    const target = await this.#find(userId);
    if (confirmation.trim().toLowerCase() !== target.email)
      throw new AppError("validation_failed", "Type the account's email address exactly to confirm.", [
        { path: "email", message: "This is not the account's email address." },
      ]);
    await this.#account.closeByOperator(target.id, async (tx) => {
      await tx.update(adminAudit).set({ targetLabel: "" }).where(eq(adminAudit.targetId, target.id));
      await recordAction(tx, admin, "delete_user", { id: target.id, label: "" });
    });
  }

  async #find(userId: string): Promise<{ id: string; email: string }> {
    if (!UUID.test(userId)) throw userNotFound();
    const [row] = await this.#db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw userNotFound();
    return row;
  }
}
