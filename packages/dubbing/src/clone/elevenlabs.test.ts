// ElevenLabs Instant Voice Cloning against a local stand-in speaking its wire format: the multipart it
// receives (name, files, labels), the voice id it answers, its refusals (detail object or string) and
// deletes (a voice it no longer has counts as deleted; a provider that is down does not).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ElevenLabsStandIn, startElevenLabsStandIn } from "../testing/elevenlabs-stand-in.ts";
import {
  createElevenLabsCloner,
  ELEVENLABS_CLONE_LIMITS,
  elevenLabsCloneFields,
  errorStatus,
  parseCloneAnswer,
} from "./elevenlabs.ts";
import { CloneError } from "./types.ts";
import { clonedVoiceValue, parseClonedVoice } from "./voice-value.ts";

describe("ElevenLabs cloning, pure parts", () => {
  it("sends the name, description and labels in the provider's fields, no noise removal", () => {
    expect(elevenLabsCloneFields({ name: "Ana", description: "d", labels: { language: "en" } })).toEqual([
      ["name", "Ana"],
      ["description", "d"],
      ["labels", '{"language":"en"}'],
      ["remove_background_noise", "false"],
    ]);
    expect(elevenLabsCloneFields({ name: "x".repeat(300) })[0]![1]).toHaveLength(100);
  });
  it("reads the voice id, and nothing from an answer without one", () => {
    expect(parseCloneAnswer({ voice_id: "abc123", requires_verification: false })).toBe("abc123");
    expect(parseCloneAnswer({ voice_id: "../x" })).toBeNull();
    expect(parseCloneAnswer({})).toBeNull();
    expect(parseCloneAnswer(null)).toBeNull();
    expect(errorStatus('{"detail":{"status":"voice_not_found","message":"m"}}')).toBe("voice_not_found");
    expect(errorStatus("oops")).toBeNull();
  });
  it("names a cloned voice so that no other form is taken for one", () => {
    expect(clonedVoiceValue("elevenlabs", "abc_1-2")).toBe("cloned:elevenlabs:abc_1-2");
    expect(parseClonedVoice("cloned:elevenlabs:abc_1-2")).toEqual({
      engine: "elevenlabs",
      voiceId: "abc_1-2",
    });
    expect(parseClonedVoice("elevenlabs:abc")).toBeNull();
    expect(parseClonedVoice("en-US-AvaMultilingualNeural")).toBeNull();
    expect(parseClonedVoice("cloned:elevenlabs:a/b")).toBeNull();
    expect(() => clonedVoiceValue("elevenlabs", "a b")).toThrow();
  });
});

describe("ElevenLabs cloning against a stand-in", () => {
  let standIn: ElevenLabsStandIn;
  let sample: string;
  const dir = mkdtempSync(path.join(tmpdir(), "clone-"));
  beforeAll(async () => {
    standIn = await startElevenLabsStandIn();
    sample = path.join(dir, "sample.mp3");
    writeFileSync(sample, Buffer.from("ID3 not really an mp3 but bytes to send"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    return standIn?.close();
  });
  const cloner = () => createElevenLabsCloner({ apiKey: "xi-test-key-123", baseUrl: standIn.url })!;

  it("is not offered without a key", () => {
    expect(createElevenLabsCloner({})).toBeNull();
    expect(cloner().limits).toEqual(ELEVENLABS_CLONE_LIMITS);
  });

  it("uploads the files as multipart with the name and key, and answers the voice id", async () => {
    const id = await cloner().clone({
      name: "Ana (Demo)",
      labels: { language: "en" },
      files: [{ path: sample, filename: "ana.mp3", contentType: "audio/mpeg" }],
    });
    expect(standIn.voices.has(id)).toBe(true);
    const got = standIn.clones.at(-1)!;
    expect(got).toMatchObject({ name: "Ana (Demo)", labels: '{"language":"en"}', apiKey: "xi-test-key-123" });
    expect(got.files).toHaveLength(1);
    expect(got.files[0]).toMatchObject({ filename: "ana.mp3", type: "audio/mpeg" });
    expect(got.files[0]!.bytes.toString()).toBe("ID3 not really an mp3 but bytes to send");
  });

  it("turns a refusal into a CloneError with the provider's reason (object or string detail)", async () => {
    standIn.refuseNext = {
      status: 400,
      body: {
        detail: {
          status: "voice_limit_reached",
          message: "You have reached your maximum amount of custom voices",
        },
      },
    };
    const files = [{ path: sample, filename: "a.mp3", contentType: "audio/mpeg" }];
    const refused = await cloner()
      .clone({ name: "A", files })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CloneError);
    expect(refused).toMatchObject({
      code: "refused",
      reason: "You have reached your maximum amount of custom voices",
    });
    expect((refused as Error).message).toContain("ElevenLabs refused to make the voice");
    standIn.refuseNext = { status: 401, body: { detail: "Invalid API key" } };
    await expect(cloner().clone({ name: "A", files })).rejects.toMatchObject({
      code: "refused",
      reason: "Invalid API key",
    });
  });

  it("deletes a voice; one it no longer has counts as deleted; a provider that is down is an error", async () => {
    const files = [{ path: sample, filename: "a.mp3", contentType: "audio/mpeg" }];
    const id = await cloner().clone({ name: "B", files });
    await cloner().remove(id);
    expect(standIn.deleted.at(-1)).toBe(id);
    expect(standIn.voices.has(id)).toBe(false);
    await expect(cloner().remove(id)).resolves.toBeUndefined();
    standIn.deletesDown = true;
    try {
      await expect(cloner().remove("any")).rejects.toMatchObject({ code: "failed" });
    } finally {
      standIn.deletesDown = false;
    }
  });
});
