// My voices through the real server: a speaker's voice saved from project A, taken by a
// speaker of project B and spoken in B's dub at the preset's pitch; renamed and deleted by its owner only;
// listed in the account export; gone with the account. On the embedded server alone (PIPELINE_MODES): the
// library's rows and the dub that follows a saved voice's pitch are the same over PostgreSQL + S3, whose
// paths (the export, deletions, the dub's objects) ownership.test and dubbing-flow.test run in both modes;
// its scale-out half, two transcriptions and a dub, was 43 s of the last CI run.
import path from "node:path";
import { MAX_MY_VOICES } from "@dubbing/contract";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myVoices } from "../src/db/schema.ts";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, uploadReady } from "./http.ts";
import { exportedAccount } from "./zip.ts";

const tmp = tempFolder("my-voices-");
let dialogue: string;
beforeAll(() => {
  dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 4), { name: "two" }).video;
});

interface Speaker {
  id: string;
  name: string;
  selectedVoice: string;
  style?: { match: boolean; pitchHz?: number; syllablesPerSec?: number; measured?: unknown };
}

describe.each(PIPELINE_MODES)("my voices (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  const ready = async (cookie: string, title: string) =>
    (await uploadReady(ts.baseUrl, cookie, dialogue, title, { speakers: "2" })) as {
      _id: string;
      speakers: Speaker[];
      transcript: unknown[];
    };

  // a deep man: more than 4.5 st below both Pico es-ES voices (198 and 148 Hz), so espeak-ng, which reaches
  // the pitch itself, speaks first (voices/register.ts reachFirst); the picker, told the pitch, names it
  const PITCH_HZ = 100;

  it("saves a speaker's voice in one project and speaks it in another; only its owner sees it", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const { cookie, userId } = await ts.signIn(email);
    const bob = await ts.signIn();
    const spoken = (await api(ts.baseUrl, cookie, "GET", "/api/voices/spoken/spanish")).body as Record<
      string,
      { engineVoice: string }
    >;
    expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body).toEqual({ voices: [] });

    // project A: the first speaker given a voice of another sound than B's first speaker has, and a pitch
    const a = await ready(cookie, "Project A");
    const b = await ready(cookie, "Project B");
    const taken = b.speakers[0]!;
    // a voice that sounds unlike the one B's first speaker has (Spanish here has Pico's two voices)
    const avoid = new Set([spoken[taken.selectedVoice]?.engineVoice]);
    const voice = Object.keys(spoken).find((v) => !avoid.has(spoken[v]!.engineVoice))!;
    expect(voice).toBeDefined();
    const [first, second] = a.speakers as [Speaker, Speaker];
    const mine = { ...first, selectedVoice: voice, style: { match: true, pitchHz: PITCH_HZ } };
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${a._id}`, {
      video: { speakers: [mine, second] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // bad input: no speaker, a speaker not in the project, another user's project; nothing is written
    const bad = await api(ts.baseUrl, cookie, "POST", "/api/voices/mine", { projectId: a._id });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
    const absent = await api(ts.baseUrl, cookie, "POST", "/api/voices/mine", {
      projectId: a._id,
      speakerId: "speaker-9",
    });
    expect(absent.status).toBe(404);
    const theirs = await api(ts.baseUrl, bob.cookie, "POST", "/api/voices/mine", {
      projectId: a._id,
      speakerId: first.id,
    });
    expect(theirs.status).toBe(404);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body).toEqual({ voices: [] });

    // "Save to My voices": the stored speaker's voice and pitch, with its measured pace
    const created = await api(ts.baseUrl, cookie, "POST", "/api/voices/mine", {
      projectId: a._id,
      speakerId: first.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const preset = created.body;
    expect(preset).toMatchObject({
      kind: "preset",
      name: `${first.name} (Project A)`,
      voice,
      style: { match: true, pitchHz: PITCH_HZ },
      source: { projectId: a._id, speakerId: first.id },
    });
    expect(preset.style.syllablesPerSec).toBeGreaterThan(2);
    const renamed = await api(ts.baseUrl, cookie, "PATCH", `/api/voices/mine/${preset.id}`, {
      name: "  Narrator  ",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Narrator");
    expect(
      (await api(ts.baseUrl, cookie, "PATCH", `/api/voices/mine/${preset.id}`, { name: " " })).status,
    ).toBe(400);

    // another user: not listed, not renamed, not deleted (404 as if it did not exist)
    expect((await api(ts.baseUrl, bob.cookie, "GET", "/api/voices/mine")).body).toEqual({ voices: [] });
    for (const [method, body] of [
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await api(ts.baseUrl, bob.cookie, method, `/api/voices/mine/${preset.id}`, body);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("not_found");
    }
    expect((await api(ts.baseUrl, cookie, "DELETE", "/api/voices/mine/not-a-uuid")).status).toBe(404);

    // project B: its first speaker takes the voice as the picker does (voice and style), and is dubbed
    const list = (await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices;
    expect(list).toEqual([{ ...preset, name: "Narrator" }]);
    const usedB = await api(ts.baseUrl, cookie, "PUT", `/api/video/${b._id}`, {
      video: {
        speakers: [{ ...taken, selectedVoice: list[0].voice, style: list[0].style }, ...b.speakers.slice(1)],
      },
    });
    expect(usedB.status, JSON.stringify(usedB.body)).toBe(200);
    const es = await startAndWait(ts.baseUrl, cookie, b._id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    const dubbed = await startAndWait(ts.baseUrl, cookie, b._id, "dub", "es", 300);
    expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
    // the picker, asked at the speaker's pitch, names the voice the dub spoke
    const named = await api(ts.baseUrl, cookie, "GET", `/api/voices/spoken/spanish?pitchHz=${PITCH_HZ}`);
    expect(named.body[voice]).toMatchObject({ engine: "espeak-ng" });
    for (const bad of ["abc", "10", "4000"]) {
      const r = await api(ts.baseUrl, cookie, "GET", `/api/voices/spoken/spanish?pitchHz=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
    }
    const report = dubbed.body.translation.report.voices[taken.id];
    expect(report).toMatchObject({ engine: "espeak-ng", voice: named.body[voice].engineVoice });
    expect(report.follow.target).toMatchObject({
      pitchHz: PITCH_HZ,
      syllablesPerSec: preset.style.syllablesPerSec,
    });

    // the account export lists the library
    const account = await exportedAccount(ts.baseUrl, cookie, path.join(tmp.path, `${mode}-data.zip`));
    expect(account.myVoices).toEqual(list.map((v: object) => ({ ...v })));

    // deleting project A keeps the voice (without its source); deleting the voice by its owner works
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/video/${a._id}`)).status).toBe(204);
    const again = await api(ts.baseUrl, cookie, "POST", "/api/voices/mine", {
      projectId: b._id,
      speakerId: taken.id,
      name: "From B",
    });
    expect(again.status).toBe(201);
    expect(again.body.style).toMatchObject({ match: true, pitchHz: PITCH_HZ });
    const afterA = (await api(ts.baseUrl, cookie, "GET", "/api/voices/mine")).body.voices;
    expect(afterA.map((v: { name: string }) => v.name)).toEqual(["Narrator", "From B"]);
    expect(afterA[0]).toMatchObject({ voice, style: preset.style, source: null });
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/voices/mine/${again.body.id}`)).status).toBe(204);
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/voices/mine/${again.body.id}`)).status).toBe(404);

    // closing the account removes the library
    expect((await api(ts.baseUrl, cookie, "DELETE", "/api/account", { email })).status).toBe(204);
    const left = (await ts.server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM my_voices WHERE user_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });

  it(`holds at most ${MAX_MY_VOICES} voices per user`, async () => {
    const { cookie, userId } = await ts.signIn();
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
    // a project whose transcript came as subtitles (nothing to recognise): its speaker is all the cap needs
    const subtitles = new File(["1\n00:00:00,600 --> 00:00:03,000\nAna: Good morning.\n"], "full.srt");
    const project = (await uploadReady(ts.baseUrl, cookie, dialogue, "Full", { subtitles })) as {
      _id: string;
      speakers: Speaker[];
    };
    const res = await api(ts.baseUrl, cookie, "POST", "/api/voices/mine", {
      projectId: project._id,
      speakerId: project.speakers[0]!.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(`at most ${MAX_MY_VOICES}`);
  });
});
