import type { Caller, Ctx } from "./context.ts";
import { newId } from "./crypto.ts";
import { identityAuditLog } from "./schema.ts";

type AuditAction =
  | "sign_in"
  | "sign_in_failed"
  | "session_revoked"
  | "password_changed"
  | "user_created"
  | "factor_added"
  | "factor_deleted"
  | "rate_limited"
  | "delivery_failed";

/** Appends one line to the audit log. Never throws: an audit failure must not break a sign-in. */
export async function audit(
  ctx: Ctx,
  caller: Caller | undefined,
  action: AuditAction,
  fields: { method?: string; userId?: string | null; subject?: string; detail?: Record<string, unknown> },
): Promise<void> {
  try {
    await ctx.db.insert(identityAuditLog).values({
      id: newId("audit", ctx.env),
      at: ctx.now(),
      action,
      method: fields.method ?? "",
      userId: fields.userId ?? null,
      subject: fields.subject ?? "",
      ipAddress: caller?.ip ?? "",
      userAgent: (caller?.userAgent ?? "").slice(0, 400),
      detail: fields.detail ?? {},
    });
  } catch {
    // ignored on purpose
  }
}
