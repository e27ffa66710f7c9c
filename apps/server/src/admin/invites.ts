import type { Mailer } from "@dubbing/identity-server";
import { eq } from "drizzle-orm";
import type { PlansConfig } from "../config-plans.ts";
import type { Db } from "../db/client.ts";
import { invites, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findPlan } from "../plans/plans.ts";
import { type Operator, recordAction } from "./audit.ts";

const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The console's invitations: the address may then sign up (auth/sign-up-rule.ts) and its account starts on
 * the plan named (auth/sessions.ts accountFor). Inviting again replaces the plan; the email says where to
 * sign in, and carries no sign-in link (the sign-in page sends one, as to anyone).
 */
export class AdminInvites {
  readonly #db: Db;
  readonly #plans: PlansConfig;
  readonly #mailer: Mailer;
  readonly #publicUrl: string;

  constructor(deps: { db: Db; plans: PlansConfig; mailer: Mailer; publicUrl: string }) {
    this.#db = deps.db;
    this.#plans = deps.plans;
    this.#mailer = deps.mailer;
    this.#publicUrl = deps.publicUrl;
  }

  async invite(admin: Operator, input: { email: string; plan: string }): Promise<void> {
    const email = input.email.trim().toLowerCase();
    const plan = findPlan(this.#plans, input.plan);
    if (!plan)
      throw new AppError("validation_failed", `There is no plan "${input.plan}" on this server.`, [
        { path: "plan", message: `One of: ${this.#plans.list.map((p) => p.id).join(", ")}.` },
      ]);
    const [account] = await this.#db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (account)
      throw new AppError("conflict", "This address has an account already: change its plan in Users.");
    await this.#db.transaction(async (tx) => {
      await tx
        .insert(invites)
        .values({ email, plan: plan.id, invitedBy: admin.id })
        .onConflictDoUpdate({ target: invites.email, set: { plan: plan.id, invitedBy: admin.id } });
      await recordAction(tx, admin, "invite_user", { id: email, label: `${email} → ${plan.id}` });
    });
    const login = `${this.#publicUrl}/login`;
    await this.#mailer.send({
      to: email,
      subject: "You are invited to AI Video Dubbing",
      text: `You are invited to AI Video Dubbing, on the ${plan.name} plan.\n\nSign in with this address at ${login}\n`,
      html: `<p>You are invited to AI Video Dubbing, on the ${htmlText(plan.name)} plan.</p><p>Sign in with this address at <a href="${login}">${login}</a>.</p>`,
    });
  }
}
