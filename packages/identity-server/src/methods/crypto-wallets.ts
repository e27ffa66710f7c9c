// Crypto wallets: Ethereum (Sign-In With Ethereum, EIP-4361) and Solana (ed25519), by signed challenge.
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { audit } from "../audit.ts";
import { type Call, requireSession } from "../call.ts";
import type { Caller } from "../context.ts";
import { newId, sha256 } from "../crypto.ts";
import { IdentityError } from "../errors.ts";
import { requireVerifiedPrimaryEmail } from "../first-proof.ts";
import { lazy } from "../lazy.ts";
import { limitAuth } from "../ratelimit.ts";
import { identityCryptoWallets, identityTokens } from "../schema.ts";
import { type Factor, startSession } from "../sessions.ts";
import { requireStepUp } from "../stepup.ts";
import { insertUser } from "../users.ts";
import { authenticatedResponse, sessionDuration } from "./common.ts";

type WalletType = "ethereum" | "solana";

// viem alone is ~7 MB of heap: the wallet libraries load with the first wallet call.
const libraries = lazy(async () => {
  const [viem, siwe, { default: bs58 }, { default: nacl }] = await Promise.all([
    import("viem"),
    import("viem/siwe"),
    import("bs58"),
    import("tweetnacl"),
  ]);
  return { ...viem, createSiweMessage: siwe.createSiweMessage, bs58, nacl };
});

/** Canonical form of an address, or an error: checksummed hex for Ethereum, base58 for Solana. */
async function normalizeAddress(
  type: string,
  address: string,
): Promise<{ type: WalletType; address: string }> {
  const { isAddress, getAddress, bs58 } = await libraries();
  if (type === "ethereum") {
    if (!isAddress(address, { strict: false })) throw new IdentityError("invalid_crypto_wallet_address");
    return { type, address: getAddress(address) };
  }
  if (type === "solana") {
    let bytes: Uint8Array;
    try {
      bytes = bs58.decode(address);
    } catch {
      throw new IdentityError("invalid_crypto_wallet_address");
    }
    if (bytes.length !== 32) throw new IdentityError("invalid_crypto_wallet_address");
    return { type, address };
  }
  throw new IdentityError("invalid_crypto_wallet_type");
}

const siweParams = z.object({
  uri: z.string().optional(),
  chain_id: z.string().optional(),
  issued_at: z.string().optional(),
  statement: z.string().max(500).optional(),
  not_before: z.string().optional(),
  message_request_id: z.string().optional(),
  resources: z.array(z.string()).optional(),
});

export const walletStartBody = z.object({
  crypto_wallet_address: z.string().max(100),
  crypto_wallet_type: z.string().max(20),
  siwe_params: siweParams.optional(),
});

/** The challenge text the wallet signs (pure given its inputs). */
async function challengeMessage(args: {
  type: WalletType;
  address: string;
  origin: string;
  nonce: string;
  issuedAt: Date;
  statement: string;
  chainId: number;
  notBefore?: Date;
  requestId?: string;
  resources?: string[];
}): Promise<string> {
  const { createSiweMessage } = await libraries();
  const url = new URL(args.origin);
  if (args.type === "ethereum") {
    return createSiweMessage({
      domain: url.host,
      address: args.address as `0x${string}`,
      statement: args.statement,
      uri: args.origin,
      version: "1",
      chainId: args.chainId,
      nonce: args.nonce,
      issuedAt: args.issuedAt,
      notBefore: args.notBefore,
      requestId: args.requestId,
      resources: args.resources,
    });
  }
  return [
    `${url.host} wants you to sign in with your Solana account:`,
    args.address,
    "",
    args.statement,
    "",
    `URI: ${args.origin}`,
    `Nonce: ${args.nonce}`,
    `Issued At: ${args.issuedAt.toISOString()}`,
  ].join("\n");
}

/**
 * Who asked for a challenge: the client's address and user agent. A challenge counts only for the client
 * it was issued to, so a stranger asking for challenges for someone's public address cannot displace
 * theirs; limits are counted per address and client for the same reason (pure).
 */
function walletClient(type: WalletType, address: string, caller: Caller): string {
  return sha256(`${type}:${address}\n${caller.ip}\n${caller.userAgent}`);
}

/** Pending challenges of one client and address that a signature is checked against, newest first. */
const MAX_PENDING_CHALLENGES = 5;
const CHALLENGE_MINUTES = 10;

export async function walletStart(call: Call, body: z.infer<typeof walletStartBody>, secondary: boolean) {
  const { ctx } = call;
  const w = await normalizeAddress(body.crypto_wallet_type, body.crypto_wallet_address);
  const client = walletClient(w.type, w.address, call.caller);
  const session = secondary ? requireSession(call) : null;
  if (session) {
    await requireStepUp(call, session);
    await requireVerifiedPrimaryEmail(ctx, session.userId);
  }
  await limitAuth(ctx, call.caller, client);
  const p = body.siwe_params ?? {};
  let origin = ctx.publicUrl;
  if (p.uri) {
    let u: URL;
    try {
      u = new URL(p.uri);
    } catch {
      throw new IdentityError("invalid_siwe_params");
    }
    const allowed = [...ctx.project.allowedOrigins, new URL(ctx.publicUrl).origin];
    if (!allowed.includes(u.origin))
      throw new IdentityError("invalid_siwe_params", "siwe_params.uri is not an allowed origin.");
    origin = u.origin;
  }
  const chainId = p.chain_id ? Number(p.chain_id) : 1;
  if (!Number.isInteger(chainId) || chainId < 1) throw new IdentityError("invalid_siwe_params");
  const issuedAt = p.issued_at ? new Date(p.issued_at) : ctx.now();
  if (Number.isNaN(issuedAt.getTime())) throw new IdentityError("invalid_siwe_params");
  const message = await challengeMessage({
    type: w.type,
    address: w.address,
    origin,
    nonce: randomBytes(16).toString("hex"),
    issuedAt,
    statement: p.statement ?? `Sign in to ${ctx.project.name}.`,
    chainId,
    notBefore: p.not_before ? new Date(p.not_before) : undefined,
    requestId: p.message_request_id,
    resources: p.resources,
  });
  await ctx.db.insert(identityTokens).values({
    id: newId("crypto-challenge", ctx.env),
    kind: "crypto",
    tokenHash: sha256(message),
    userId: session?.userId ?? null,
    methodId: `${w.type}:${w.address}`,
    data: { message, client },
    expiresAt: new Date(ctx.now().getTime() + CHALLENGE_MINUTES * 60_000),
    createdAt: ctx.now(),
  });
  return { challenge: message };
}

export const walletAuthenticateBody = z.object({
  crypto_wallet_address: z.string().max(100),
  crypto_wallet_type: z.string().max(20),
  signature: z.string().max(1000),
  session_duration_minutes: sessionDuration.optional(),
});

async function verifyWalletSignature(type: WalletType, address: string, message: string, signature: string) {
  const { verifyMessage, nacl, bs58 } = await libraries();
  try {
    if (type === "ethereum") {
      return await verifyMessage({
        address: address as `0x${string}`,
        message,
        signature: signature as `0x${string}`,
      });
    }
    return nacl.sign.detached.verify(
      new TextEncoder().encode(message),
      bs58.decode(signature),
      bs58.decode(address),
    );
  } catch {
    return false;
  }
}

export async function walletAuthenticate(call: Call, body: z.infer<typeof walletAuthenticateBody>) {
  const { ctx } = call;
  const w = await normalizeAddress(body.crypto_wallet_type, body.crypto_wallet_address);
  const client = walletClient(w.type, w.address, call.caller);
  await limitAuth(ctx, call.caller, client);
  const now = ctx.now();
  const pending = await ctx.db
    .select()
    .from(identityTokens)
    .where(
      and(
        eq(identityTokens.kind, "crypto"),
        eq(identityTokens.methodId, `${w.type}:${w.address}`),
        sql`${identityTokens.data}->>'client' = ${client}`,
        isNull(identityTokens.usedAt),
        gt(identityTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(identityTokens.createdAt))
    .limit(MAX_PENDING_CHALLENGES);
  if (!pending.length) throw new IdentityError("crypto_wallet_challenge_not_found");
  // The signature says which of the client's challenges it answers (a second tab may have asked again).
  let row: (typeof pending)[number] | undefined;
  for (const candidate of pending) {
    const message = (candidate.data as { message: string }).message;
    if (await verifyWalletSignature(w.type, w.address, message, body.signature)) {
      row = candidate;
      break;
    }
  }
  if (!row) {
    await audit(ctx, call.caller, "sign_in_failed", { method: "crypto_wallet", subject: w.address });
    throw new IdentityError("invalid_signature");
  }
  const used = await ctx.db
    .update(identityTokens)
    .set({ usedAt: now })
    .where(and(eq(identityTokens.id, row.id), isNull(identityTokens.usedAt)))
    .returning({ id: identityTokens.id });
  if (!used.length) throw new IdentityError("crypto_wallet_challenge_not_found");

  const [wallet] = await ctx.db
    .select()
    .from(identityCryptoWallets)
    .where(and(eq(identityCryptoWallets.walletType, w.type), eq(identityCryptoWallets.address, w.address)));
  let userId: string;
  let walletId: string;
  if (wallet) {
    if (row.userId && wallet.userId !== row.userId)
      throw new IdentityError("invalid_crypto_wallet_address", "This wallet belongs to another user.");
    userId = wallet.userId;
    walletId = wallet.id;
    if (!wallet.verified)
      await ctx.db
        .update(identityCryptoWallets)
        .set({ verified: true })
        .where(eq(identityCryptoWallets.id, wallet.id));
  } else {
    if (row.userId) {
      await requireVerifiedPrimaryEmail(ctx, row.userId);
      userId = row.userId;
    } else {
      userId = newId("user", ctx.env);
      await insertUser(ctx, ctx.db, { id: userId, status: "active", createdAt: now }, null);
    }
    walletId = newId("crypto-wallet", ctx.env);
    await ctx.db.insert(identityCryptoWallets).values({
      id: walletId,
      userId,
      address: w.address,
      walletType: w.type,
      verified: true,
      createdAt: now,
    });
  }
  await audit(ctx, call.caller, "sign_in", { method: "crypto_wallet", userId, subject: w.address });
  const factor: Factor = {
    type: "crypto_wallet",
    delivery_method: "crypto_wallet",
    last_authenticated_at: now.toISOString(),
    crypto_wallet_factor: {
      crypto_wallet_id: walletId,
      crypto_wallet_address: w.address,
      crypto_wallet_type: w.type,
    },
  };
  const s = await startSession(ctx, {
    userId,
    factor,
    durationMinutes: body.session_duration_minutes,
    caller: call.caller,
    existing: call.session,
  });
  return authenticatedResponse(s);
}
