// Voice cloning through the real server, with a local ElevenLabs speaking its wire format:
// no consent, no clone (400 naming it); another user's project is a 404; too little speech is refused
// before anything is sent; the sample is the voice stem when the project has one, else its audio; a
// clone lands in My voices and on the speaker, with its consent recorded; a dub and the picker's preview
// speak with it; a refusal shows its reason and leaves nothing; a double click makes one voice; deleting
// the voice, its project (unless saved; by the user or by retention) and the account deletes it at the
// provider, and a provider that is down does not block the deletion (a purge job retries).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { cloneConsentText, MAX_MY_VOICES } from "@dubbing/contract";
import { createVoiceCloner, probe } from "@dubbing/dubbing";
import {
  type ElevenLabsStandIn,
  startElevenLabsStandIn,
} from "@dubbing/dubbing/testing/elevenlabs-stand-in.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myVoices, voiceConsents } from "../src/db/schema.ts";
import { VideoRepository } from "../src/projects/repository.ts";
import { TranslationRepository } from "../src/projects/translation-repository.ts";
import { CLONES_PER_DAY } from "../src/voices/cloning.ts";
import { runRetention } from "../src/workers/retention.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually, startAndWait, waitForStatus } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { exportedAccount } from "./zip.ts";

const tmp = tempFolder("cloning-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 16 });
});

// Ana speaks 12.5 s in three lines; Ben 2 s (under ElevenLabs' 10 s minimum).
const SRT = [
  ["00:00:00,500", "00:00:04,500", "Ana: Good morning and welcome to the program."],
  ["00:00:04,600", "00:00:06,600", "Ben: Thank you, it is a pleasure."],
  ["00:00:06,700", "00:00:11,200", "Ana: Let us talk about the weather in the mountains."],
  ["00:00:11,300", "00:00:15,300", "Ana: Many people are planning to travel."],
]
  .map(([from, to, text], i) => `${i + 1}\n${from} --> ${to}\n${text}\n`)
  .join("\n");

async function project(ts: TestServer, cookie: string, title: string) {
  const form = new FormData();
  form.set("title", title);
  form.set("subtitles", new Blob([SRT]), "dialogue.srt");
  form.set("video", new Blob([await (await import("node:fs/promises")).readFile(video)]), "clip.mp4");
  const res = await fetch(`${ts.baseUrl}/api/video/process`, {
    method: "POST",
    body: form,
    headers: { cookie },
  });
  const id = ((await res.json()) as { _id: string })._id;
  const p = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
  expect(p.status, p.statusMessage).toBe("ready");
  const speakers = p.speakers as { id: string; name: string; selectedVoice: string }[];
  return { id, ana: speakers.find((s) => s.name === "Ana")!, ben: speakers.find((s) => s.name === "Ben")! };
}

/** The loudest sample of an audio file (dB), by ffmpeg's volumedetect. */
function maxVolumeDb(file: string): number {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-i", file, "-af", "volumedetect", "-f", "null", "-"], {
    encoding: "utf8",
  });
  const db = /max_volume: (-?[\d.]+|-inf) dB/.exec(run.stderr)?.[1];
  if (db === undefined) throw new Error(`no volume of ${file}: ${run.stderr.slice(-300)}`);
  return db === "-inf" ? -Infinity : Number(db);
}

const clone = (ts: TestServer, cookie: string, id: string, speakerId: string, body: unknown) =>
  api(ts.baseUrl, cookie, "POST", `/api/video/${id}/speakers/${speakerId}/clone`, body);

describe.each(MODES)("voice cloning with an ElevenLabs stand-in (%s)", (mode) => {
  const answers = documentedAnswers();
  let ts: TestServer;
  let eleven: ElevenLabsStandIn;
  beforeAll(async () => {
    eleven = await startElevenLabsStandIn();
    ts = await startTestServer(mode, {
      ELEVENLABS_API_KEY: "xi-stand-in-key",
      ELEVENLABS_BASE_URL: eleven.url,
    });
  });
  afterAll(async () => {
    await ts?.close();
    await eleven?.close();
  });
  const consentsOf = async (userId: string) =>
    ts.server.database.db.select().from(voiceConsents).where(eq(voiceConsents.userId, userId));

  it("offers cloning with the consent sentence", async () => {
    const { cookie } = await ts.signIn();
    expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/cloning")).body).toEqual({
      available: true,
      provider: "ElevenLabs",
      minSeconds: 10,
      maxSeconds: 180,
      consent: cloneConsentText("ElevenLabs", 3),
      reason: null,
    });
  });

  it("clones only with consent, only the owner's speakers, only with enough speech", async () => {
    const { cookie, userId } = await ts.signIn();
    const bob = await ts.signIn();
    const p = await project(ts, cookie, "Consent");
    const sent = eleven.clones.length;
    for (const body of [{}, { consent: false }, { consent: "yes" }]) {
      const r = await clone(ts, cookie, p.id, p.ana.id, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("consent_required");
      expect(r.body.error.message).toContain("consent");
    }
    const theirs = await clone(ts, bob.cookie, p.id, p.ana.id, { consent: true });
    expect(theirs.status).toBe(404);
    expect((await clone(ts, cookie, p.id, "speaker-9", { consent: true })).status).toBe(404);
    const short = await clone(ts, cookie, p.id, p.ben.id, { consent: true });
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({ code: "too_little_speech" });
    expect(short.body.error.message).toBe(
      "Ben speaks for 2 s in this project; ElevenLabs needs at least 10 s of their speech to make a voice.",
    );
    expect(eleven.clones.length).toBe(sent);
    expect(await consentsOf(userId)).toEqual([]);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices).toEqual([]);
  });

  it("clones a speaker's voice into My voices and onto the speaker; dubs and previews speak with it", async () => {
    const { cookie, userId } = await ts.signIn();
    const p = await project(ts, cookie, "Talk");
    const made = await clone(ts, cookie, p.id, p.ana.id, { consent: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const received = eleven.clones.at(-1)!;
    expect(received).toMatchObject({ name: "Ana", apiKey: "xi-stand-in-key" });
    expect(received.files).toHaveLength(1);
    expect(received.files[0]).toMatchObject({ filename: "sample.mp3", type: "audio/mpeg" });
    const sample = path.join(tmp.path, `${mode}-sample.mp3`);
    await writeFile(sample, received.files[0]!.bytes);
    // Ana's three lines (4 + 4.5 + 4 s), nothing of Ben's
    expect(Math.abs((await probe(sample)).durationMs - 12_500)).toBeLessThan(200);

    const voiceId = [...eleven.voices].at(-1)!;
    const value = `cloned:elevenlabs:${voiceId}`;
    expect(made.body.speaker).toEqual({ id: p.ana.id, selectedVoice: value });
    expect(made.body.voice).toMatchObject({
      kind: "cloned",
      name: "Ana (Talk)",
      voice: value,
      saved: false,
      provider: "ElevenLabs",
      source: { projectId: p.id, speakerId: p.ana.id },
    });
    const mine = (await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices;
    expect(mine).toEqual([made.body.voice]);
    const editor = (await api(ts.baseUrl, cookie, "GET", `/api/video/${p.id}`)).body;
    expect(editor.speakers.find((s: { id: string }) => s.id === p.ana.id).selectedVoice).toBe(value);
    const [consent] = await consentsOf(userId);
    expect(consent).toMatchObject({
      userId,
      projectId: p.id,
      speakerId: p.ana.id,
      provider: "ElevenLabs",
      statement:
        "I have the right to use this person's voice; a copy of up to 3 minutes of their speech is sent to ElevenLabs to make a voice.",
      status: "made",
      providerVoiceId: voiceId,
      sampleSeconds: 13,
    });
    expect(consent!.createdAt.getTime()).toBeLessThanOrEqual(consent!.finishedAt!.getTime());

    // a dub into Spanish speaks Ana's lines with the cloned voice
    const es = await startAndWait(ts.baseUrl, cookie, p.id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    const spokenBefore = eleven.spoken.length;
    const dubbed = await startAndWait(ts.baseUrl, cookie, p.id, "dub", "es", 300);
    expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
    expect(dubbed.body.translation.report.voices[p.ana.id]).toMatchObject({
      engine: "elevenlabs",
      voice: voiceId,
    });
    // Ana's three lines (each may be spoken again at another speed to fit its time)
    expect(eleven.spoken.slice(spokenBefore).filter((v) => v === voiceId).length).toBeGreaterThanOrEqual(3);
    // the picker's preview, made once and then stored
    const before = eleven.spoken.length;
    const sampleUrl = `/api/voices/mine/${made.body.voice.id}/sample/japanese`;
    const preview = await fetch(`${ts.baseUrl}${sampleUrl}`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("audio/mpeg");
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(eleven.spoken.slice(before)).toEqual([voiceId]);
    expect((await fetch(`${ts.baseUrl}${sampleUrl}`, { headers: { cookie } })).status).toBe(200);
    expect(eleven.spoken.length).toBe(before + 1);
    const bob = await ts.signIn();
    expect((await api(ts.baseUrl, bob.cookie, "GET", sampleUrl)).status).toBe(404);

    // deleting it in My voices deletes it at the provider (and its stored previews)
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/voices/mine/${made.body.voice.id}`)).status).toBe(
      204,
    );
    expect(eleven.deleted.at(-1)).toBe(voiceId);
    expect(eleven.voices.has(voiceId)).toBe(false);
    expect(await ts.server.storage.listKeys(`my-voices/${made.body.voice.id}/`)).toEqual([]);
  });

  it("lets a speaker take a cloned voice only from its owner's own voices", async () => {
    const alice = await ts.signIn();
    const bob = await ts.signIn();
    const first = await project(ts, alice.cookie, "Mine");
    const made = await clone(ts, alice.cookie, first.id, first.ana.id, { consent: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const value = made.body.voice.voice as string;
    const give = async (cookie: string, id: string, speaker: { id: string; name: string }, voice: string) => {
      const editor = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body;
      const speakers = editor.speakers.map((s: { id: string }) =>
        s.id === speaker.id ? { ...s, selectedVoice: voice } : s,
      );
      return api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { speakers });
    };
    // Bob, who learnt the voice's id, cannot put Alice's voice (someone's consented voice) on his speaker
    const his = await project(ts, bob.cookie, "Not his");
    const refused = await give(bob.cookie, his.id, his.ana, value);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: expect.stringMatching(/^speakers\.\d\.selectedVoice$/), message: "Not one of your voices." },
    ]);
    expect(await give(bob.cookie, his.id, his.ana, "cloned:elevenlabs:made-up")).toMatchObject({
      status: 400,
    });
    // Alice takes it in a second project; and her first project, whose speaker has it, saves as before
    const second = await project(ts, alice.cookie, "Mine too");
    expect((await give(alice.cookie, second.id, second.ben, value)).status).toBe(200);
    expect((await give(alice.cookie, first.id, first.ben, first.ben.selectedVoice)).status).toBe(200);
  });

  it("takes the sample from the project's voice stem when it has one", async () => {
    const { cookie } = await ts.signIn();
    const p = await project(ts, cookie, "Stems");
    // a silent voice stem (the original audio is a loud tone): what is sent shows which was cut
    const stems = path.join(tmp.path, `${mode}-stems`);
    await mkdir(stems, { recursive: true });
    execFileSync("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono"],
      ...["-t", "16", path.join(stems, "voice.flac")],
    ]);
    await writeFile(path.join(stems, "stems.json"), "{}");
    await ts.server.storage.putFile(
      `projects/${p.id}/stems/voice.flac`,
      path.join(stems, "voice.flac"),
      "audio/flac",
    );
    await ts.server.storage.putFile(
      `projects/${p.id}/stems/stems.json`,
      path.join(stems, "stems.json"),
      "application/json",
    );
    const made = await clone(ts, cookie, p.id, p.ana.id, { consent: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sample = path.join(stems, "sample.mp3");
    await writeFile(sample, eleven.clones.at(-1)!.files[0]!.bytes);
    expect(maxVolumeDb(sample)).toBeLessThan(-60);
    // without stems the same speaker's sample is the loud original
    const other = await project(ts, cookie, "No stems");
    expect((await clone(ts, cookie, other.id, other.ana.id, { consent: true })).status).toBe(201);
    await writeFile(sample, eleven.clones.at(-1)!.files[0]!.bytes);
    expect(maxVolumeDb(sample)).toBeGreaterThan(-30);
  });

  it("deletes an unsaved clone at the provider when retention deletes its project", async () => {
    const { cookie } = await ts.signIn();
    const p = await project(ts, cookie, "Old");
    const voice = (await clone(ts, cookie, p.id, p.ana.id, { consent: true })).body.voice;
    const db = ts.server.database.db;
    const repo = new VideoRepository(db);
    const now = new Date();
    await repo.setState(p.id, { uploadedAt: new Date(now.getTime() - 31 * 86_400_000) });
    await runRetention(
      {
        repo,
        translations: new TranslationRepository(db),
        storage: ts.server.storage,
        cacheDir: path.join(ts.dataDir, "cache"),
        cloner: createVoiceCloner({ elevenlabs: { apiKey: "xi-stand-in-key", baseUrl: eleven.url } }),
      },
      now,
    );
    expect(eleven.deleted).toContain(voice.voice.split(":")[2]);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices).toEqual([]);
  });

  it("shows a refusal with the provider's reason and keeps nothing", async () => {
    const { cookie, userId } = await ts.signIn();
    const p = await project(ts, cookie, "Refused");
    eleven.refuseNext = {
      status: 400,
      body: {
        detail: {
          status: "voice_limit_reached",
          message: "You have reached your maximum amount of custom voices",
        },
      },
    };
    const r = await clone(ts, cookie, p.id, p.ana.id, { consent: true });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("clone_refused");
    expect(r.body.error.message).toBe(
      "ElevenLabs refused to make the voice: You have reached your maximum amount of custom voices",
    );
    expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices).toEqual([]);
    const editor = (await api(ts.baseUrl, cookie, "GET", `/api/video/${p.id}`)).body;
    expect(editor.speakers.find((s: { id: string }) => s.id === p.ana.id).selectedVoice).toBe(
      p.ana.selectedVoice,
    );
    expect(await consentsOf(userId)).toMatchObject([
      { status: "refused", message: "You have reached your maximum amount of custom voices" },
    ]);
  });

  it("makes one voice of a double click, and deletes a voice it could not keep", async () => {
    const { cookie, userId } = await ts.signIn();
    const p = await project(ts, cookie, "Twice");
    eleven.cloneDelayMs = 800;
    try {
      const both = await Promise.all([
        clone(ts, cookie, p.id, p.ana.id, { consent: true }),
        clone(ts, cookie, p.id, p.ana.id, { consent: true }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.status === 409)!.body.error.message).toContain("being cloned already");
      expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices).toHaveLength(1);

      // the library fills up while the provider makes the voice: it is deleted there again
      const made = eleven.clones.length;
      const had = new Set(eleven.voices);
      const pending = clone(ts, cookie, p.id, p.ana.id, { consent: true });
      await eventually("the upload", async () => eleven.clones.length > made, 30_000);
      await ts.server.database.db.insert(myVoices).values(
        Array.from({ length: MAX_MY_VOICES }, (_, i) => ({
          userId,
          workspaceId: userId,
          kind: "preset" as const,
          name: `Voice ${i}`,
          voice: "en-US-AvaMultilingualNeural",
          style: { match: true },
        })),
      );
      const full = await pending;
      expect(full.status).toBe(409);
      const orphan = eleven.deleted.at(-1)!;
      expect(had.has(orphan)).toBe(false);
      expect([...eleven.voices]).toEqual([...had]);
      expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices).toHaveLength(
        MAX_MY_VOICES + 1,
      );
    } finally {
      eleven.cloneDelayMs = 0;
    }
  });

  it(`allows ${CLONES_PER_DAY} clones a day`, async () => {
    const { cookie, userId } = await ts.signIn();
    const p = await project(ts, cookie, "Many");
    await ts.server.database.db.insert(voiceConsents).values(
      Array.from({ length: CLONES_PER_DAY }, () => ({
        userId,
        projectId: p.id,
        speakerId: "speaker-1",
        provider: "ElevenLabs",
        statement: "x",
        status: "refused" as const,
      })),
    );
    const sent = eleven.clones.length;
    const r = await clone(ts, cookie, p.id, p.ana.id, { consent: true });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("rate_limited");
    expect(eleven.clones.length).toBe(sent);
  });

  it("deletes an unsaved clone with its project, keeps a saved one, and the account takes the rest", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const { cookie, userId } = await ts.signIn(email);
    const a = await project(ts, cookie, "A");
    const b = await project(ts, cookie, "B");
    const unsaved = (await clone(ts, cookie, a.id, a.ana.id, { consent: true })).body.voice;
    const kept = (await clone(ts, cookie, b.id, b.ana.id, { consent: true })).body.voice;
    const idOf = (v: { voice: string }) => v.voice.split(":")[2]!;
    const saved = await api(ts.baseUrl, cookie, "PATCH", `/api/voices/mine/${kept.id}`, { saved: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, name: kept.name });

    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/video/${a.id}`)).status).toBe(204);
    expect(eleven.deleted).toContain(idOf(unsaved));
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/video/${b.id}`)).status).toBe(204);
    expect(eleven.deleted).not.toContain(idOf(kept));
    const left = (await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices;
    expect(left).toMatchObject([{ id: kept.id, saved: true, source: null }]);

    // the account export lists it and the consents; closing the account deletes it at the provider
    const account = await exportedAccount(ts.baseUrl, cookie, path.join(tmp.path, `${mode}-data.zip`));
    expect(account.myVoices).toEqual(left);
    expect(account.voiceConsents).toMatchObject([
      {
        speakerId: a.ana.id,
        provider: "ElevenLabs",
        status: "made",
        statement: cloneConsentText("ElevenLabs", 3),
      },
      { speakerId: b.ana.id, provider: "ElevenLabs", status: "made", sampleSeconds: 13 },
    ]);
    expect((await api(ts.baseUrl, cookie, "DELETE", "/api/account", { email })).status).toBe(204);
    expect(eleven.deleted).toContain(idOf(kept));
    expect(eleven.voices.has(idOf(kept))).toBe(false);
    expect(await consentsOf(userId)).toEqual([]);
  });

  it("does not let a provider that is down block a deletion: a purge job deletes the voice later", async () => {
    const { cookie } = await ts.signIn();
    const p = await project(ts, cookie, "Down");
    const voice = (await clone(ts, cookie, p.id, p.ana.id, { consent: true })).body.voice;
    const id = voice.voice.split(":")[2]!;
    eleven.deletesDown = true;
    try {
      expect((await api(ts.baseUrl, cookie, "DELETE", `/api/voices/mine/${voice.id}`)).status).toBe(204);
      expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices).toEqual([]);
      expect(eleven.voices.has(id)).toBe(true);
    } finally {
      eleven.deletesDown = false;
    }
    await eventually("the purge job", async () => !eleven.voices.has(id), 90_000);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});

describe("voice cloning without a cloning engine", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer("embedded");
  });
  afterAll(async () => {
    await ts?.close();
  });
  it("says so, and refuses a clone with the reason", async () => {
    const { cookie } = await ts.signIn();
    const info = (await api(ts.baseUrl, cookie, "GET", "/api/voices/cloning")).body;
    expect(info).toMatchObject({ available: false, consent: null });
    expect(info.reason).toContain("ElevenLabs");
    const p = await project(ts, cookie, "Offline");
    const r = await clone(ts, cookie, p.id, p.ana.id, { consent: true });
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: "cloning_unavailable",
      message: "Voice cloning needs ElevenLabs configured on this server (ELEVENLABS_API_KEY).",
    });
  });
});
