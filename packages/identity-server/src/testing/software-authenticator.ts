// A software WebAuthn authenticator (P-256, "none" attestation) producing the same JSON a browser
// gives the Stytch SDK, so the server's verification runs on real signatures.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

export function cbor(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") {
    const s = Buffer.from(v, "utf8");
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  const parts = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const sha = (b: Buffer | string) => createHash("sha256").update(b).digest();
const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString("base64url");

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  readonly #key: KeyObject;
  readonly #pub: { x: Buffer; y: Buffer };
  #counter = 0;
  userHandle = "";

  readonly rpId: string;
  readonly origin: string;

  constructor(rpId: string, origin: string) {
    this.rpId = rpId;
    this.origin = origin;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.#key = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.#pub = { x: Buffer.from(jwk.x!, "base64url"), y: Buffer.from(jwk.y!, "base64url") };
  }

  #counterBytes(): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(++this.#counter);
    return c;
  }

  /** navigator.credentials.create() for the options the server produced (as JSON). */
  create(optionsJson: string): string {
    const options = JSON.parse(optionsJson) as {
      challenge: string;
      rp: { id?: string };
      user: { id: string };
    };
    this.userHandle = options.user.id;
    const clientData = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: options.challenge,
        origin: this.origin,
        crossOrigin: false,
      }),
    );
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, this.#pub.x],
        [-3, this.#pub.y],
      ]),
    );
    const idLen = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const authData = Buffer.concat([
      sha(this.rpId),
      Buffer.from([0x45]), // UP | UV | AT
      this.#counterBytes(),
      Buffer.alloc(16), // AAGUID
      idLen,
      this.credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return JSON.stringify({
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: "public-key",
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64u(clientData),
        attestationObject: b64u(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    });
  }

  /** navigator.credentials.get() for the request options the server produced (as JSON). */
  get(optionsJson: string, origin = this.origin): string {
    const options = JSON.parse(optionsJson) as { challenge: string };
    const clientData = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
    );
    const authData = Buffer.concat([sha(this.rpId), Buffer.from([0x05]), this.#counterBytes()]);
    const signature = sign("sha256", Buffer.concat([authData, sha(clientData)]), this.#key);
    return JSON.stringify({
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: "public-key",
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    });
  }
}
