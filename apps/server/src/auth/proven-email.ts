import { z } from "zod";

/** What the app reads from the identity provider's magic link or OAuth authenticate answer. */
export const authenticatedAnswer = z.object({
  user_id: z.string().min(1),
  method_id: z.string().optional(),
  user: z.object({
    emails: z.array(z.object({ email_id: z.string(), email: z.string(), verified: z.boolean() })),
  }),
  session: z.object({
    session_id: z.string(),
    authentication_factors: z.array(z.record(z.string(), z.unknown())).default([]),
  }),
});
export type AuthenticatedAnswer = z.infer<typeof authenticatedAnswer>;

/**
 * The verified email that the exchanged factor itself proved, or null. Never `emails[0]`: a user's list
 * can hold an address nobody proved (a password sign-up for someone else's email), and picking it would
 * hand that person's account to whoever controls the session.
 * A magic link proves the email it was sent to (`method_id`); an OAuth sign-in proves the provider's
 * email when the provider marked it verified (`{provider}_oauth_factor.email_id`).
 */
export function provenEmail(answer: AuthenticatedAnswer): string | null {
  const emailId = answer.method_id || oauthEmailId(answer.session.authentication_factors);
  if (!emailId) return null;
  const email = answer.user.emails.find((e) => e.email_id === emailId);
  return email?.verified ? email.email.trim().toLowerCase() : null;
}

function oauthEmailId(factors: Record<string, unknown>[]): string | null {
  for (const factor of factors.toReversed()) {
    for (const [key, value] of Object.entries(factor)) {
      if (!key.endsWith("_oauth_factor") || typeof value !== "object" || value === null) continue;
      const emailId = (value as { email_id?: unknown }).email_id;
      if (typeof emailId === "string" && emailId) return emailId;
    }
  }
  return null;
}
