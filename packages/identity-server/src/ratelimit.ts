// Fixed-window counters kept in the database, so every process shares them.
import { sql } from "drizzle-orm";
import type { Caller, Ctx } from "./context.ts";
import { sha256 } from "./crypto.ts";
import { IdentityError } from "./errors.ts";
import type { RateBucket } from "./options.ts";

/** Counts one hit for (bucket, key); throws `too_many_requests` past the bucket's limit. */
export async function hit(ctx: Ctx, bucket: RateBucket, key: string): Promise<void> {
  const { limit, windowSeconds } = ctx.settings.rateLimits[bucket];
  const now = ctx.now();
  const windowFloor = new Date(now.getTime() - windowSeconds * 1000);
  const hashed = sha256(key.toLowerCase());
  const result = await ctx.db.execute(sql`
    INSERT INTO identity_rate_limits (bucket, key, window_start, count)
    VALUES (${bucket}, ${hashed}, ${now.toISOString()}::timestamptz, 1)
    ON CONFLICT (bucket, key) DO UPDATE SET
      count = CASE WHEN identity_rate_limits.window_start <= ${windowFloor.toISOString()}::timestamptz
                   THEN 1 ELSE identity_rate_limits.count + 1 END,
      window_start = CASE WHEN identity_rate_limits.window_start <= ${windowFloor.toISOString()}::timestamptz
                   THEN ${now.toISOString()}::timestamptz ELSE identity_rate_limits.window_start END
    RETURNING count`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { count: number }[];
  const count = Number(rows[0]?.count ?? 0);
  if (count > limit) throw new IdentityError("too_many_requests");
}

/**
 * Limits for anything that sends a message, narrowest first, so a request refused for its IP never
 * counts against anyone else: per IP, per address from that IP (what one client may send to one person),
 * a higher ceiling per address (what a stranger with many IPs can take from that person), per project.
 */
export async function limitSend(ctx: Ctx, caller: Caller, address: string): Promise<void> {
  await hit(ctx, "send_per_ip", caller.ip);
  await hit(ctx, "send_per_address_ip", `${address.trim()}|${caller.ip}`);
  await hit(ctx, "send_per_address", address.trim());
  await hit(ctx, "send_per_project", ctx.project.projectId);
}

/**
 * Limits for every authenticate, narrowest first (per IP, per subject, per project). The app's own
 * callbacks through the backend API spend a project budget of their own, which the SDK cannot exhaust.
 */
export async function limitAuth(ctx: Ctx, caller: Caller, subject?: string): Promise<void> {
  await hit(ctx, "auth_per_ip", caller.ip);
  if (subject) await hit(ctx, "auth_per_subject", subject);
  await hit(ctx, caller.backend ? "backend_auth_per_project" : "auth_per_project", ctx.project.projectId);
}
