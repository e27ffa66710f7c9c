// Single-use secrets (magic links, resets, OAuth tokens, OTPs, challenges) and the redirect allow-list.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Ctx } from "./context.ts";
import { isPkceChallenge, newId, pkceMatches, randomToken, sha256 } from "./crypto.ts";
import { IdentityError } from "./errors.ts";
import { identityTokens } from "./schema.ts";

type TokenKind =
  | "magic_link"
  | "password_reset"
  | "oauth"
  | "oauth_state"
  | "one_tap_nonce"
  | "otp"
  | "webauthn_register"
  | "webauthn_auth"
  | "crypto";

type TokenRow = typeof identityTokens.$inferSelect;

function checkCodeChallenge(codeChallenge: string | undefined): void {
  if (codeChallenge !== undefined && !isPkceChallenge(codeChallenge))
    throw new IdentityError("invalid_code_challenge");
}

/** Creates a token; returns the plaintext (sent once) and the row id. */
export async function issueToken(
  ctx: Ctx,
  args: {
    kind: TokenKind;
    userId?: string | null;
    methodId?: string | null;
    codeChallenge?: string;
    minutes: number;
    data?: Record<string, unknown>;
    token?: string;
  },
): Promise<{ token: string; id: string }> {
  checkCodeChallenge(args.codeChallenge);
  const token = args.token ?? randomToken();
  const id = newId("token", ctx.env);
  await ctx.db.insert(identityTokens).values({
    id,
    kind: args.kind,
    tokenHash: sha256(token),
    userId: args.userId ?? null,
    methodId: args.methodId ?? null,
    codeChallenge: args.codeChallenge ?? null,
    data: args.data ?? {},
    expiresAt: new Date(ctx.now().getTime() + args.minutes * 60_000),
    createdAt: ctx.now(),
  });
  return { token, id };
}

/** PKCE rule: a token issued with a challenge needs the matching verifier. */
function checkPkce(row: Pick<TokenRow, "codeChallenge">, codeVerifier: string | undefined): void {
  if (!row.codeChallenge) return;
  if (!codeVerifier) throw new IdentityError("missing_pkce");
  if (!pkceMatches(codeVerifier, row.codeChallenge)) throw new IdentityError("pkce_mismatch");
}

/**
 * Finds a live token of `kind`, checks PKCE, then marks it used atomically (a second use, even a
 * concurrent one, fails). `notFound` is the error for unknown, used or expired tokens.
 */
export interface TokenToConsume {
  kind: TokenKind;
  token: string;
  notFound: ConstructorParameters<typeof IdentityError>[0];
  codeVerifier?: string;
}

export async function consumeToken(
  ctx: Ctx,
  { kind, token, notFound, codeVerifier }: TokenToConsume,
): Promise<TokenRow> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select()
    .from(identityTokens)
    .where(and(eq(identityTokens.tokenHash, sha256(token)), eq(identityTokens.kind, kind)));
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw new IdentityError(notFound);
  checkPkce(row, codeVerifier);
  const [used] = await ctx.db
    .update(identityTokens)
    .set({ usedAt: now })
    .where(
      and(eq(identityTokens.id, row.id), isNull(identityTokens.usedAt), gt(identityTokens.expiresAt, now)),
    )
    .returning();
  if (!used) throw new IdentityError(notFound);
  return used;
}

/** Invalidates every unused token of `kind` for a method (e.g. older OTPs when a new one is sent). */
export async function retireTokens(ctx: Ctx, kind: TokenKind, methodId: string): Promise<void> {
  await ctx.db
    .update(identityTokens)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(identityTokens.kind, kind),
        eq(identityTokens.methodId, methodId),
        isNull(identityTokens.usedAt),
      ),
    );
}

/**
 * Is `candidate` allowed by the allow-list? Scheme, host, port and path must equal one entry's;
 * a query string is allowed (the token is appended to it). Pure.
 */
export function redirectAllowed(allowList: string[], candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowList.some((entry) => {
    try {
      const a = new URL(entry);
      return a.origin === url.origin && a.pathname === url.pathname;
    } catch {
      return false;
    }
  });
}

/** The redirect URL to use: the asked one if allowed, else the project's first; error when neither. */
export function pickRedirect(ctx: Ctx, asked: string | undefined): string {
  if (asked !== undefined && asked !== "") {
    if (!redirectAllowed(ctx.project.redirectUrls, asked))
      throw new IdentityError("redirect_url_not_allowed");
    return asked;
  }
  const first = ctx.project.redirectUrls[0];
  if (!first)
    throw new IdentityError("redirect_url_not_allowed", "The project has no redirect URL configured.");
  return first;
}

/** `url` with `?token=…&stytch_token_type=…` appended (pure). */
export function withToken(url: string, token: string, type: string): string {
  const u = new URL(url);
  u.searchParams.set("token", token);
  u.searchParams.set("stytch_token_type", type);
  return u.toString();
}
