import { base64urlToBytes, bytesToBase64url } from "./encoding.ts";
import { isPlainObject } from "./validate.ts";

/**
 * WebAuthn (de)serialisation: the provider sends credential options as JSON with binary fields in
 * base64url, and expects the created or asserted credential back as JSON with base64url binary fields.
 */

type Json = Record<string, unknown>;

interface DescriptorJSON {
  type: string;
  id: string;
  transports?: string[];
}

function descriptors(list: unknown): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return (list as DescriptorJSON[]).map((d) => ({
    ...(d as unknown as PublicKeyCredentialDescriptor),
    type: "public-key",
    id: base64urlToBytes(d.id),
  }));
}

/** `public_key_credential_creation_options` (parsed JSON) → options for navigator.credentials.create. */
export function creationOptionsFromJSON(json: Json): PublicKeyCredentialCreationOptions {
  const user = json.user as { id: string; name: string; displayName: string } | undefined;
  if (!user || typeof json.challenge !== "string")
    throw new TypeError("Malformed credential creation options");
  const options: PublicKeyCredentialCreationOptions = {
    ...(json as unknown as PublicKeyCredentialCreationOptions),
    challenge: base64urlToBytes(json.challenge),
    user: { ...user, id: base64urlToBytes(user.id) },
  };
  const exclude = descriptors(json.excludeCredentials);
  if (exclude) options.excludeCredentials = exclude;
  return options;
}

/** `public_key_credential_request_options` (parsed JSON) → options for navigator.credentials.get. */
export function requestOptionsFromJSON(json: Json): PublicKeyCredentialRequestOptions {
  if (typeof json.challenge !== "string") throw new TypeError("Malformed credential request options");
  const options: PublicKeyCredentialRequestOptions = {
    ...(json as unknown as PublicKeyCredentialRequestOptions),
    challenge: base64urlToBytes(json.challenge),
  };
  const allow = descriptors(json.allowCredentials);
  if (allow) options.allowCredentials = allow;
  return options;
}

/** The subset of a PublicKeyCredential this module reads (so tests can pass plain objects). */
export interface CredentialLike {
  id: string;
  type: string;
  rawId: ArrayBuffer;
  authenticatorAttachment?: string | null;
  response: {
    clientDataJSON: ArrayBuffer;
    attestationObject?: ArrayBuffer;
    getTransports?: () => string[];
    authenticatorData?: ArrayBuffer;
    signature?: ArrayBuffer;
    userHandle?: ArrayBuffer | null;
  };
  getClientExtensionResults?: () => Record<string, unknown>;
}

interface CredentialJSON {
  id: string;
  type: string;
  rawId: string;
  authenticatorAttachment?: string | null;
  response: Record<string, string | string[] | null>;
  clientExtensionResults: Record<string, unknown>;
}

/** The extension outputs that are plain JSON (binary ones such as `prf` are left out). */
function simpleExtensions(cred: CredentialLike): Record<string, unknown> {
  const all = cred.getClientExtensionResults?.() ?? {};
  const out: Record<string, unknown> = {};
  for (const key of ["appid", "appidExclude", "credProps"]) {
    if (key in all && (typeof all[key] !== "object" || isPlainObject(all[key]))) out[key] = all[key];
  }
  return out;
}

/** A newly created credential (registration) → JSON for `public_key_credential`. */
export function attestationToJSON(cred: CredentialLike): CredentialJSON {
  const r = cred.response;
  if (!r.attestationObject) throw new TypeError("The credential has no attestation object");
  const json: CredentialJSON = {
    id: cred.id,
    type: cred.type,
    rawId: bytesToBase64url(cred.rawId),
    response: {
      clientDataJSON: bytesToBase64url(r.clientDataJSON),
      attestationObject: bytesToBase64url(r.attestationObject),
      transports: r.getTransports?.() ?? [],
    },
    clientExtensionResults: simpleExtensions(cred),
  };
  if (cred.authenticatorAttachment !== undefined) json.authenticatorAttachment = cred.authenticatorAttachment;
  return json;
}

/** An assertion (authentication) → JSON for `public_key_credential`. */
export function assertionToJSON(cred: CredentialLike): CredentialJSON {
  const r = cred.response;
  if (!r.authenticatorData || !r.signature) throw new TypeError("The credential is not an assertion");
  const json: CredentialJSON = {
    id: cred.id,
    type: cred.type,
    rawId: bytesToBase64url(cred.rawId),
    response: {
      clientDataJSON: bytesToBase64url(r.clientDataJSON),
      authenticatorData: bytesToBase64url(r.authenticatorData),
      signature: bytesToBase64url(r.signature),
      userHandle: r.userHandle ? bytesToBase64url(r.userHandle) : null,
    },
    clientExtensionResults: simpleExtensions(cred),
  };
  if (cred.authenticatorAttachment !== undefined) json.authenticatorAttachment = cred.authenticatorAttachment;
  return json;
}
