import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new endpoint secret: `whsec_` and 24 random bytes in base64 (the Standard Webhooks form). */
export const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** A new message id (`webhook-id`), the same on every attempt of one message. */
export const newMessageId = () => `msg_${randomBytes(16).toString("hex")}`;

/**
 * The Standard Webhooks signature of one message: `v1,` and the base64 HMAC-SHA256, keyed with the
 * secret's base64-decoded bytes, of `{id}.{timestamp}.{body}` (timestamp in seconds).
 */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one attempt. */
export function signedHeaders(secret: string, id: string, body: string, now = new Date()) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": sign(secret, id, timestamp, body),
  };
}

/** What a receiver checks (used by the tests, and documented for users): any listed `v1` signature matches. */
export function verify(secret: string, headers: Record<string, string | undefined>, body: string): boolean {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  if (!id || !Number.isInteger(timestamp)) return false;
  const expected = Buffer.from(sign(secret, id, timestamp, body));
  return (headers["webhook-signature"] ?? "").split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
