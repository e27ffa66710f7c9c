// Sign in with Apple takes no fixed client secret: each token request carries a JWT signed (ES256) with
// the team's private key, naming the team (iss), the Services ID (sub) and Apple (aud).
import { importPKCS8, SignJWT } from "jose";

const APPLE_AUDIENCE = "https://appleid.apple.com";
/** Short-lived: a fresh one per token request (Apple allows up to six months). */
const LIFETIME_SECONDS = 5 * 60;

const keys = new Map<string, Promise<CryptoKey>>();

export async function appleClientSecret(args: {
  clientId: string;
  teamId: string;
  keyId: string;
  /** The `.p8` file's PKCS #8 PEM text. */
  privateKey: string;
  now: Date;
}): Promise<string> {
  const pem = args.privateKey.replace(/\\n/g, "\n").trim();
  let key = keys.get(pem);
  if (!key) {
    key = importPKCS8(pem, "ES256");
    key.catch(() => keys.delete(pem));
    keys.set(pem, key);
  }
  const iat = Math.floor(args.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: args.keyId })
    .setIssuer(args.teamId)
    .setSubject(args.clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIFETIME_SECONDS)
    .sign(await key);
}
