// Stytch's deduplication rules: a user's factors follow whoever proved its address. Until an email or a
// phone is proven, anyone may have typed it (a password sign-up for someone else's address), so nothing
// else may be attached to that user, and the first proof made outside the user's own sessions hands the
// user to the prover: every factor the proof did not come with is removed and every session ends.
import { and, eq, isNull, ne } from "drizzle-orm";
import { audit } from "./audit.ts";
import type { Ctx } from "./context.ts";
import { IdentityError } from "./errors.ts";
import {
  identityCryptoWallets,
  identityEmails,
  identityOauthRegistrations,
  identityPasswords,
  identityPhones,
  identitySessions,
  identityTokens,
  identityTotps,
  identityWebauthn,
} from "./schema.ts";

/** What proved the address: the email or phone itself, and the OAuth registration it came with, if any. */
export interface Proof {
  emailId?: string;
  phoneId?: string;
  oauthRegistrationId?: string;
}

/**
 * The address was just proven for the first time, by someone who was not signed in as `userId`. Keeps
 * only what the proof brought; the password stays but must be reset (Stytch's behaviour), and pending
 * challenges and links issued to the user's sessions are void.
 */
export async function handOverToProver(ctx: Ctx, userId: string, proof: Proof): Promise<void> {
  const keep = (id: string | undefined) => id ?? "";
  const removed = await ctx.db.transaction(async (tx) => {
    const gone = [
      await tx.delete(identityCryptoWallets).where(eq(identityCryptoWallets.userId, userId)).returning(),
      await tx.delete(identityWebauthn).where(eq(identityWebauthn.userId, userId)).returning(),
      await tx.delete(identityTotps).where(eq(identityTotps.userId, userId)).returning(),
      await tx
        .delete(identityPhones)
        .where(and(eq(identityPhones.userId, userId), ne(identityPhones.id, keep(proof.phoneId))))
        .returning(),
      await tx
        .delete(identityEmails)
        .where(and(eq(identityEmails.userId, userId), ne(identityEmails.id, keep(proof.emailId))))
        .returning(),
      await tx
        .delete(identityOauthRegistrations)
        .where(
          and(
            eq(identityOauthRegistrations.userId, userId),
            ne(identityOauthRegistrations.id, keep(proof.oauthRegistrationId)),
          ),
        )
        .returning(),
    ];
    await tx
      .update(identityPasswords)
      .set({ requiresReset: true })
      .where(eq(identityPasswords.userId, userId));
    await tx
      .delete(identityTokens)
      .where(and(eq(identityTokens.userId, userId), isNull(identityTokens.usedAt)));
    await tx
      .update(identitySessions)
      .set({ revokedAt: ctx.now() })
      .where(and(eq(identitySessions.userId, userId), isNull(identitySessions.revokedAt)));
    return gone.reduce((n, rows) => n + rows.length, 0);
  });
  if (removed > 0)
    await audit(ctx, undefined, "factor_deleted", {
      userId,
      detail: { reason: "address_first_proven", removed },
    });
}

/**
 * No factor of any kind may join a user whose first email nobody proved yet: otherwise a squatter's
 * password user for someone else's address could gain a wallet, passkey, authenticator app, phone or
 * address of the squatter's own, which would outlive the real owner's sign-up (Stytch's rule).
 */
export async function requireVerifiedPrimaryEmail(ctx: Ctx, userId: string): Promise<void> {
  const [primary] = await ctx.db
    .select({ verified: identityEmails.verified })
    .from(identityEmails)
    .where(eq(identityEmails.userId, userId))
    .orderBy(identityEmails.createdAt)
    .limit(1);
  if (primary && !primary.verified) throw new IdentityError("unauthorized_action", UNVERIFIED_PRIMARY);
}

const UNVERIFIED_PRIMARY = "Verify the account's email address before adding another way to sign in.";
