// What the service says is true: an edit a running job would miss is refused (409), a failed dub answers
// `failed` without a URL, speakers and transcript never disagree, and a translate that cannot start says so.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translations } from "../src/db/schema.ts";
import { subtitlesOf, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-truth-");
let video: string;
/** Its lines as subtitles: the rules here are about edits, jobs and failures, not what is heard. */
let subtitles: File;
beforeAll(() => {
  const dialogue = makeDialogue(tmp.path, DIALOGUE.slice(0, 4));
  video = dialogue.video;
  subtitles = subtitlesOf(dialogue.truth);
});

type Segment = { speaker: string; text: string; start: number; end: number };

describe.each(MODES)("edits, jobs and failures (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let id: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    id = (await upload(ts.baseUrl, cookie, video, "Truth", { subtitles })).body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    expect((await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120)).body.status).toBe(
      "translated",
    );
  });
  afterAll(async () => {
    await ts?.close();
  });

  const project = async () => (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body;
  const translation = async () =>
    (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
  const waitWhileDubbing = async () => {
    const until = Date.now() + 120_000;
    while ((await translation()).status === "dubbing" && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return translation();
  };
  const edited = (segments: Segment[], text: string) =>
    segments.map((s, i) => (i === 0 ? { ...s, text } : s));

  it("refuses an edit of a translation while it is dubbed, and keeps the dub true to what it rendered", async () => {
    const before = await translation();
    const started = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, { language: "es" });
    expect(started.status).toBe(202);
    const during = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: edited(before.transcript, "Edición durante el doblaje."),
    });
    expect(during.status).toBe(409);
    expect(during.body.error.code).toBe("conflict");
    expect(during.body.error.message).toMatch(/dub of this translation is running/);
    // Nor may a translation start over it: before, this answered 202 with `job: null`.
    const translate = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, { language: "es" });
    expect(translate.status).toBe(409);
    expect(translate.body.error.message).toMatch(/dub of this language is running/);
    // Nor the voices it reads.
    const speakers = (await project()).speakers;
    const voices = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, {
      speakers: speakers.map((s: { name: string }) => ({ ...s, name: `${s.name} renamed` })),
    });
    expect(voices.status).toBe(409);

    const done = await waitWhileDubbing();
    expect(done.status).toBe("dubbed");
    expect(done.stale).toBe(false);
    expect(done.transcript).toEqual(before.transcript);

    // After the dub the same edit saves, and the dub is stale.
    const after = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: edited(before.transcript, "Edición después del doblaje."),
    });
    expect(after.status).toBe(200);
    expect(after.body.stale).toBe(true);
  });

  it("refuses an edit of the transcript while a translation reads it", async () => {
    const { transcript } = await project();
    const started = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/translate`, { language: "fr" });
    expect(started.status).toBe(202);
    const during = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, {
      transcript: edited(transcript, "Edited while translating."),
    });
    expect(during.status).toBe(409);
    expect(during.body.error.message).toMatch(/translation is reading this transcript/);
    // A title is not something a job reads.
    const title = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { title: "Renamed meanwhile" });
    expect(title.status).toBe(200);
    expect((await startAndWait(ts.baseUrl, cookie, id, "translate", "fr", 120)).body.status).toBe(
      "translated",
    );
    expect((await project()).transcript).toEqual(transcript);
  });

  it("answers a failed re-dub as failed, with no URL, and labels the earlier video as the previous dub", async () => {
    const first = await translation();
    expect(first.finalVideoUrl).toBeTruthy();
    // The clip cache folder of this translation cannot be made: a file is in its way (a permanent failure).
    const [row] = await ts.server.database.db
      .select()
      .from(translations)
      .where(and(eq(translations.projectId, id), eq(translations.language, "es")));
    const cache = path.join(ts.dataDir, "cache", "dubs", row!.id);
    await rm(cache, { recursive: true, force: true });
    await mkdir(path.dirname(cache), { recursive: true });
    await writeFile(cache, "not a folder");
    try {
      const failed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 120);
      expect(failed.status).toBe(200);
      expect(failed.body.dubVideoUrl).toBeNull();
      expect(failed.body.job.status).toBe("failed");
      expect(failed.body.translation.status).toBe("failed");
      expect(failed.body.translation.statusMessage).toMatch(/^Dubbing failed: /);
      expect(failed.body.translation.finalVideoUrl).toBeNull();
      expect(failed.body.translation.srtUrl).toBeNull();
      expect(failed.body.translation.previousDub.videoUrl).toMatch(/download=previous-dub-es\.mp4/);
      const shown = await translation();
      expect(shown.status).toBe("failed");
      expect(shown.finalVideoUrl).toBeNull();
      // The previous dub still plays.
      expect((await fetch(`${ts.baseUrl}${shown.previousDub.videoUrl}`)).status).toBe(200);
    } finally {
      await rm(cache, { force: true });
    }
    // Dubbing again works and the result is current again.
    const again = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 120);
    expect(again.body.translation.status).toBe("dubbed");
    expect(again.body.dubVideoUrl).toBeTruthy();
    expect(again.body.translation.previousDub).toBeNull();
  });

  it("moves the segments of a removed speaker to the first remaining one, in the transcript and every translation", async () => {
    const { speakers, transcript } = await project();
    expect(speakers.length).toBeGreaterThanOrEqual(2);
    const removed = speakers[1].id;
    expect(transcript.some((s: Segment) => s.speaker === removed)).toBe(true);
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { speakers: [speakers[0]] });
    expect(saved.status).toBe(200);
    expect(saved.body.transcript.every((s: Segment) => s.speaker === speakers[0].id)).toBe(true);
    expect(saved.body.transcript.map((s: Segment) => s.text)).toEqual(transcript.map((s: Segment) => s.text));
    const es = await translation();
    expect(es.transcript.every((s: Segment) => s.speaker === speakers[0].id)).toBe(true);
    // Before, the next dub failed with "unknown speaker".
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 120);
    expect(dubbed.body.translation.status).toBe("dubbed");
    // No speaker at all while segments need one is refused, and nothing changes.
    const none = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, { speakers: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.details[0].path).toBe("speakers");
    expect((await project()).speakers).toEqual([speakers[0]]);
  });
});
