// @vitest-environment node
import { describe, expect, it } from "vitest";
import { base64urlToBytes, bytesToBase64url } from "./encoding.ts";
import { ERROR_CODES } from "./errors.ts";
import { authData, okResponse, testClient } from "./testing.ts";
import {
  assertionToJSON,
  attestationToJSON,
  type CredentialLike,
  creationOptionsFromJSON,
  requestOptionsFromJSON,
} from "./webauthn-json.ts";

const bytes = (...xs: number[]) => new Uint8Array(xs).buffer;
const b64u = (...xs: number[]) => bytesToBase64url(new Uint8Array(xs));

const creationJSON = {
  rp: { id: "app.example.com", name: "Dubbing" },
  user: { id: b64u(1, 2, 3), name: "a@example.com", displayName: "a@example.com" },
  challenge: b64u(9, 9, 9, 9),
  pubKeyCredParams: [{ type: "public-key", alg: -7 }],
  excludeCredentials: [{ type: "public-key", id: b64u(7, 7), transports: ["internal"] }],
  authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  timeout: 60000,
};

const requestJSON = {
  challenge: b64u(5, 6, 7),
  rpId: "app.example.com",
  allowCredentials: [{ type: "public-key", id: b64u(7, 7) }],
  userVerification: "preferred",
};

function attestation(): CredentialLike {
  return {
    id: b64u(7, 7),
    type: "public-key",
    rawId: bytes(7, 7),
    authenticatorAttachment: "platform",
    response: {
      clientDataJSON: bytes(1),
      attestationObject: bytes(2, 3),
      getTransports: () => ["internal", "hybrid"],
    },
    getClientExtensionResults: () => ({
      credProps: { rk: true },
      prf: { enabled: true, results: { first: bytes(1) } },
    }),
  };
}

function assertion(userHandle: ArrayBuffer | null = bytes(1, 2, 3)): CredentialLike {
  return {
    id: b64u(7, 7),
    type: "public-key",
    rawId: bytes(7, 7),
    authenticatorAttachment: "platform",
    response: { clientDataJSON: bytes(1), authenticatorData: bytes(4), signature: bytes(5, 5), userHandle },
    getClientExtensionResults: () => ({}),
  };
}

describe("WebAuthn JSON (base64url) conversion", () => {
  it("decodes the binary fields of creation options", () => {
    const o = creationOptionsFromJSON(creationJSON);
    expect(Array.from(new Uint8Array(o.challenge as ArrayBuffer))).toEqual([9, 9, 9, 9]);
    expect(Array.from(new Uint8Array(o.user.id as ArrayBuffer))).toEqual([1, 2, 3]);
    expect(Array.from(new Uint8Array(o.excludeCredentials![0]!.id as ArrayBuffer))).toEqual([7, 7]);
    expect(o.excludeCredentials![0]!.transports).toEqual(["internal"]);
    expect(o.rp).toEqual(creationJSON.rp);
    expect(o.authenticatorSelection).toEqual(creationJSON.authenticatorSelection);
  });

  it("decodes the binary fields of request options", () => {
    const o = requestOptionsFromJSON(requestJSON);
    expect(Array.from(new Uint8Array(o.challenge as ArrayBuffer))).toEqual([5, 6, 7]);
    expect(Array.from(new Uint8Array(o.allowCredentials![0]!.id as ArrayBuffer))).toEqual([7, 7]);
    expect(o.rpId).toBe("app.example.com");
  });

  it("encodes an attestation with transports and only JSON extension results", () => {
    expect(attestationToJSON(attestation())).toEqual({
      id: b64u(7, 7),
      type: "public-key",
      rawId: b64u(7, 7),
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64u(1),
        attestationObject: b64u(2, 3),
        transports: ["internal", "hybrid"],
      },
      clientExtensionResults: { credProps: { rk: true } },
    });
  });

  it("encodes an assertion, with a null user handle when absent", () => {
    expect(assertionToJSON(assertion()).response).toEqual({
      clientDataJSON: b64u(1),
      authenticatorData: b64u(4),
      signature: b64u(5, 5),
      userHandle: b64u(1, 2, 3),
    });
    expect(assertionToJSON(assertion(null)).response.userHandle).toBeNull();
  });

  it("rejects malformed options", () => {
    expect(() => creationOptionsFromJSON({ challenge: "x" })).toThrow(TypeError);
    expect(() => requestOptionsFromJSON({})).toThrow(TypeError);
  });
});

function fakeCredentials() {
  const seen: { create?: CredentialCreationOptions; get?: CredentialRequestOptions } = {};
  const container = {
    create: async (o: CredentialCreationOptions) => {
      seen.create = o;
      return attestation();
    },
    get: async (o: CredentialRequestOptions) => {
      seen.get = o;
      return assertion();
    },
  } as unknown as CredentialsContainer;
  return { container, seen };
}

describe("webauthn.register", () => {
  it("starts, creates the credential and registers it", async () => {
    const creds = fakeCredentials();
    const { client, calls } = testClient({
      credentials: creds.container,
      routes: {
        "POST /webauthn/register/start": () =>
          okResponse({ public_key_credential_creation_options: JSON.stringify(creationJSON) }),
        "POST /webauthn/register": () => okResponse(authData()),
      },
    });
    await client.webauthn.register({ is_passkey: true, session_duration_minutes: 30 });
    expect(calls[0]!.body).toMatchObject({
      domain: "app.example.com",
      return_passkey_credential_options: true,
    });
    expect("user_agent" in calls[0]!.body!).toBe(true);
    expect(Array.from(new Uint8Array(creds.seen.create!.publicKey!.challenge as ArrayBuffer))).toEqual([
      9, 9, 9, 9,
    ]);
    const sent = calls[1]!.body!;
    expect(sent.session_duration_minutes).toBe(30);
    expect(JSON.parse(sent.public_key_credential as string)).toEqual(attestationToJSON(attestation()));
    expect(client.session.getSync()).not.toBeNull();
  });

  it("checks its options (§5: domain, authenticator_type, is_passkey)", async () => {
    const { client } = testClient({ credentials: fakeCredentials().container });
    await expect(client.webauthn.register({ domain: 1 as unknown as string })).rejects.toThrow(
      "domain must be a string.",
    );
    await expect(client.webauthn.register({ is_passkey: "yes" as unknown as boolean })).rejects.toThrow(
      "is_passkey must be a boolean.",
    );
    await expect(
      client.webauthn.register({ authenticator_type: 3 as unknown as "platform" }),
    ).rejects.toThrow("authenticator_type must be a string.");
  });

  it("fails with a typed error when the browser has no WebAuthn", async () => {
    const { client } = testClient({
      routes: {
        "POST /webauthn/register/start": () =>
          okResponse({ public_key_credential_creation_options: JSON.stringify(creationJSON) }),
      },
    });
    const err = await client.webauthn.register().catch((e) => e);
    expect(err.code).toBe(ERROR_CODES.webauthnUnsupported);
  });
});

describe("webauthn.authenticate", () => {
  it("uses /primary when logged out, gets the assertion and authenticates", async () => {
    const creds = fakeCredentials();
    const { client, calls } = testClient({
      credentials: creds.container,
      routes: {
        "POST /webauthn/authenticate/start/primary": () =>
          okResponse({ public_key_credential_request_options: JSON.stringify(requestJSON) }),
        "POST /webauthn/authenticate": () => okResponse(authData()),
      },
    });
    await client.webauthn.authenticate({ session_duration_minutes: 30, is_passkey: true });
    expect(calls[0]!.body).toEqual({ domain: "app.example.com", return_passkey_credential_options: true });
    expect(creds.seen.get!.mediation).toBeUndefined();
    expect(Array.from(new Uint8Array(creds.seen.get!.publicKey!.challenge as ArrayBuffer))).toEqual([
      5, 6, 7,
    ]);
    expect(JSON.parse(calls[1]!.body!.public_key_credential as string).response.signature).toBe(b64u(5, 5));
    expect(calls[1]!.body!.session_duration_minutes).toBe(30);
    expect(client.session.getSync()).not.toBeNull();
  });

  it("uses /secondary when a session exists", async () => {
    const { client, calls } = testClient({
      credentials: fakeCredentials().container,
      routes: {
        "POST /passwords/authenticate": () => okResponse(authData()),
        "POST /webauthn/authenticate/start/secondary": () =>
          okResponse({ public_key_credential_request_options: requestJSON }),
        "POST /webauthn/authenticate": () => okResponse(authData()),
      },
    });
    await client.passwords.authenticate({ email: "a", password: "b", session_duration_minutes: 5 });
    await client.webauthn.authenticate({ session_duration_minutes: 5 });
    expect(calls[1]!.path).toBe("/webauthn/authenticate/start/secondary");
  });

  it("resolves to null for conditional mediation when the browser cannot autofill", async () => {
    const { client, calls, logger } = testClient({ credentials: fakeCredentials().container });
    expect(
      await client.webauthn.authenticate({ session_duration_minutes: 5, conditional_mediation: true }),
    ).toBeNull();
    expect(calls).toHaveLength(0);
    expect(logger.errors).toHaveLength(1);
  });

  it("requires the session duration", async () => {
    const { client } = testClient();
    await expect(client.webauthn.authenticate({} as { session_duration_minutes: number })).rejects.toThrow(
      "session_duration_minutes must be a number.",
    );
  });

  it("update renames a registration", async () => {
    const { client, calls } = testClient({ routes: { "PUT /webauthn/update/reg-1": () => okResponse() } });
    await client.webauthn.update({ webauthn_registration_id: "reg-1", name: "My laptop" });
    expect(calls[0]!.body).toEqual({ name: "My laptop" });
  });
});

it("base64url helpers round-trip the WebAuthn ids", () => {
  expect(Array.from(base64urlToBytes(b64u(0, 255, 128)))).toEqual([0, 255, 128]);
});
