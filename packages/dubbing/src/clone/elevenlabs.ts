// ElevenLabs Instant Voice Cloning. Docs followed: API reference "Create IVC voice"
// (POST /v1/voices/add, multipart/form-data: name (required), files (one or more audio files, required),
// remove_background_noise, description, labels; header xi-api-key; answer {"voice_id", "requires_verification"}),
// "Delete voice" (DELETE /v1/voices/{voice_id}, answer {"status": "ok"}), errors as
// {"detail": {"status", "message"}} (validation errors: {"detail": [...]} or a string), and the voice
// cloning guide (as little as 30 s works, 1–2 minutes of clean speech recommended; more than about 3
// minutes adds little). The voices speak every language of the configured TTS model.
import { openAsBlob } from "node:fs";
import { DubError } from "../errors.ts";
import { ELEVENLABS_PROVIDER } from "../tts/elevenlabs.ts";
import { apiUrl, providerFetch, providerJson, providerMessage } from "../util/http.ts";
import { CloneError, type CloneLimits, type CloneRequest, type VoiceCloner } from "./types.ts";

/** 10 s: shorter samples make voices that do not sound like the speaker; 3 minutes: more adds little. */
export const ELEVENLABS_CLONE_LIMITS: CloneLimits = { minSeconds: 10, maxSeconds: 180 };

/** An upload of a few MB and the provider's processing: seconds usually; the request gives up after this. */
const CLONE_TIMEOUT_MS = 90_000;

/** Pure: the multipart fields other than the files, in the provider's names. */
export function elevenLabsCloneFields(req: Pick<CloneRequest, "name" | "description" | "labels">) {
  const fields: [string, string][] = [["name", req.name.slice(0, 100)]];
  if (req.description) fields.push(["description", req.description.slice(0, 500)]);
  if (req.labels && Object.keys(req.labels).length) fields.push(["labels", JSON.stringify(req.labels)]);
  // the sample is already the separated voice (or the original speech): no second isolation pass
  fields.push(["remove_background_noise", "false"]);
  return fields;
}

/** Pure: the voice id of the provider's answer, or null when it has none. */
export function parseCloneAnswer(body: unknown): string | null {
  const id = (body as { voice_id?: unknown } | null)?.voice_id;
  return typeof id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/** Pure: the `detail.status` of an error body ("voice_not_found"), or null. */
export function errorStatus(body: string): string | null {
  try {
    const s = (JSON.parse(body) as { detail?: { status?: unknown } }).detail?.status;
    return typeof s === "string" ? s : null;
  } catch {
    return null;
  }
}

/** A provider failure as a CloneError: an answer (4xx) is a refusal with its reason, the rest failures. */
function asCloneError(err: unknown, what: string): CloneError {
  if (err instanceof CloneError) return err;
  if (err instanceof DubError && err.provider && err.provider.status < 500 && err.provider.status !== 429) {
    const reason = providerMessage(err.provider.body) || `HTTP ${err.provider.status}`;
    return new CloneError("refused", `${ELEVENLABS_PROVIDER} refused to ${what}: ${reason}`, reason, {
      cause: err,
    });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new CloneError("failed", `${ELEVENLABS_PROVIDER} could not ${what}: ${reason}`, reason, {
    cause: err,
  });
}

/** ElevenLabs' cloning, or null without a key (cloning is then not offered). */
export function createElevenLabsCloner(opts: { apiKey?: string; baseUrl?: string } = {}): VoiceCloner | null {
  const apiKey = opts.apiKey ?? "";
  if (!apiKey) return null;
  const base = opts.baseUrl || "https://api.elevenlabs.io";
  const call = (signal?: AbortSignal) => ({
    provider: ELEVENLABS_PROVIDER,
    timeoutMs: CLONE_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  return {
    engine: "elevenlabs",
    provider: ELEVENLABS_PROVIDER,
    limits: ELEVENLABS_CLONE_LIMITS,
    async clone(req) {
      if (req.files.length === 0) throw new CloneError("refused", "No sample to send.", "no sample");
      try {
        const form = new FormData();
        for (const [k, v] of elevenLabsCloneFields(req)) form.append(k, v);
        // openAsBlob streams the file from disk when the body is sent (no copy in memory)
        for (const f of req.files)
          form.append("files", await openAsBlob(f.path, { type: f.contentType }), f.filename);
        const res = await providerFetch(
          apiUrl(base, "/v1/voices/add"),
          { method: "POST", headers: { "xi-api-key": apiKey }, body: form },
          call(req.signal),
        );
        const id = parseCloneAnswer(await providerJson(res, call(req.signal), { notJson: null }));
        if (!id)
          throw new CloneError(
            "failed",
            `${ELEVENLABS_PROVIDER} answered without a voice id.`,
            "no voice_id",
          );
        return id;
      } catch (err) {
        throw asCloneError(err, "make the voice");
      }
    },
    async remove(voiceId, signal) {
      try {
        await providerFetch(
          apiUrl(base, `/v1/voices/${encodeURIComponent(voiceId)}`),
          { method: "DELETE", headers: { "xi-api-key": apiKey } },
          call(signal),
        );
      } catch (err) {
        const p = err instanceof DubError ? err.provider : undefined;
        if (p && (p.status === 404 || errorStatus(p.body) === "voice_not_found")) return;
        throw asCloneError(err, "delete the voice");
      }
    },
  };
}
