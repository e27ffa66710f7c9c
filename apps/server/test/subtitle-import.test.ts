// Subtitle files as the transcript of a new project, as the transcript or a translation of an existing
// one, every refusal naming the cue, and two-language subtitles (downloads and drawn into the dub).
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../src/db/schema.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, waitForStatus } from "./http.ts";
import { leftoverUploads } from "./storage-helpers.ts";

const tmp = tempFolder("subtitle-import-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 6 });
});

const DIALOGUE = [
  "1",
  "00:00:00,500 --> 00:00:02,000",
  "Ana: Good morning, Ben.",
  "",
  "2",
  "00:00:02,200 --> 00:00:03,800",
  "Ben: Good morning to you.",
  "",
  "3",
  "00:00:04,000 --> 00:00:05,500",
  "How are you today?",
  "",
].join("\r\n");

const SPANISH = [
  "WEBVTT",
  "",
  "00:00.500 --> 00:02.000",
  "<v Ana>Buenos días, Ben.",
  "",
  "00:02.200 --> 00:03.800",
  "Buenos días a ti.",
  "",
  "00:04.000 --> 00:05.500",
  "¿Cómo estás hoy?",
  "",
].join("\n");

const bytes = (s: Buffer | string) => (typeof s === "string" ? s : new Uint8Array(s));

/** One gray frame at `seconds`, as raw bytes (the video's 320×240). */
function frame(file: string, seconds: number): Buffer {
  return execFileSync("ffmpeg", [
    ...["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1"],
    ...["-vf", "format=gray", "-f", "rawvideo", "-"],
  ]);
}

describe.each(MODES)("subtitle import (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function create(subtitles: Buffer | string, name = "dialogue.srt") {
    const form = new FormData();
    form.set("title", "Imported");
    form.set("subtitles", new Blob([bytes(subtitles)]), name);
    form.set("video", new Blob([await readFile(video)]), "clip.mp4");
    const res = await fetch(`${ts.baseUrl}/api/video/process`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  async function importInto(id: string, target: string, subtitles: Buffer | string) {
    const form = new FormData();
    form.set("subtitles", new Blob([bytes(subtitles)]), "file.vtt");
    const res = await fetch(`${ts.baseUrl}/api/video/${id}/subtitles/${target}`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  let projectId: string;

  it("makes a new project's speakers and transcript from the cues, without transcribing", async () => {
    const res = await create(`\uFEFF${DIALOGUE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    projectId = res.body._id;
    expect(res.body.speakers.map((s: { name: string }) => s.name)).toEqual(["Ana", "Ben"]);
    const ready = await waitForStatus(ts.baseUrl, cookie, projectId, ["ready", "failed"]);
    expect(ready.status).toBe("ready");
    expect(ready.statusMessage).toBeNull();
    const [ana, ben] = ready.speakers;
    expect(ana.selectedVoice).not.toBe(ben.selectedVoice);
    expect(ready.transcript).toEqual([
      { speaker: ana.id, text: "Good morning, Ben.", start: 500, end: 2000 },
      { speaker: ben.id, text: "Good morning to you.", start: 2200, end: 3800 },
      { speaker: ben.id, text: "How are you today?", start: 4000, end: 5500 },
    ]);
    const ran = await ts.server.database.db.select().from(jobs).where(eq(jobs.projectId, projectId));
    expect(ran.map((j) => j.kind)).toEqual(["ingest"]);
    // the upload's minutes are still taken
    expect(ran[0]!.chargeKind).toBe("transcribed");
    expect(ran[0]!.chargedSeconds).toBeGreaterThan(5);
  });

  it("replaces an existing project's transcript, keeping the speakers it names", async () => {
    const before = (await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}`)).body;
    const res = await importInto(
      projectId,
      "original",
      "WEBVTT\n\n00:01.000 --> 00:02.000\n[Ben] Hello.\n\n00:02.500 --> 00:03.000\nCara: Hi!\n",
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.speakers.map((s: { name: string }) => s.name)).toEqual(["Ana", "Ben", "Cara"]);
    expect(res.body.speakers[1]).toEqual(before.speakers[1]);
    expect(res.body.transcript.map((s: { text: string; speaker: string }) => [s.speaker, s.text])).toEqual([
      [before.speakers[1].id, "Hello."],
      [res.body.speakers[2].id, "Hi!"],
    ]);
    // back to the dialogue for the translation below
    expect((await importInto(projectId, "original", DIALOGUE)).status).toBe(200);
  });

  it("imports a Spanish translation that can be dubbed, with two-language subtitles", async () => {
    const res = await importInto(projectId, "es", SPANISH);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "translated", engine: "Imported subtitles" });
    const [ana, ben] = (await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}`)).body.speakers;
    // a named cue is its speaker's; an unnamed one is whoever speaks the original line under it
    expect(res.body.transcript.map((s: { speaker: string }) => s.speaker)).toEqual([ana.id, ben.id, ben.id]);
    expect(
      (
        await ts.server.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "translate")))
      ).length,
    ).toBe(0);

    const srt = await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}/subtitles/es.srt?bilingual=1`);
    expect(srt.status).toBe(200);
    expect(srt.headers.get("content-disposition")).toContain("es-bilingual.srt");
    expect(srt.text).toContain("1\n00:00:00,500 --> 00:00:02,000\nGood morning, Ben.\nBuenos días, Ben.\n");
    const vtt = await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}/subtitles/es.vtt?bilingual=1`);
    expect(vtt.text).toContain("00:00:04.000 --> 00:00:05.500\nHow are you today?\n¿Cómo estás hoy?\n");
    const plainSrt = await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}/subtitles/es.srt`);
    expect(plainSrt.text).not.toContain("Good morning");
    expect(
      (await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}/subtitles/original.srt?bilingual=1`))
        .status,
    ).toBe(400);

    const dub = (bilingualSubtitles: boolean) =>
      api(
        ts.baseUrl,
        cookie,
        "POST",
        `/api/video/${projectId}/dub`,
        { language: "es", burnSubtitles: true, bilingualSubtitles },
        { prefer: "wait=180" },
      );
    const started = api(ts.baseUrl, cookie, "POST", `/api/video/${projectId}/dub`, {
      language: "es",
      burnSubtitles: true,
      bilingualSubtitles: true,
    });
    expect((await started).status).toBe(202);
    // a running dub reads the translation: importing over it waits
    const busy = await importInto(projectId, "es", SPANISH);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("conflict");
    const two = await dub(true);
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.translation.status).toBe("dubbed");
    const download = async (url: string, name: string) => {
      const file = path.join(tmp.path, `${mode}-${name}`);
      await writeFile(
        file,
        Buffer.from(await (await fetch(`${ts.baseUrl}${url}`, { headers: { cookie } })).arrayBuffer()),
      );
      return file;
    };
    const bilingualFile = await download(two.body.dubVideoUrl, "bilingual.mp4");
    const one = await dub(false);
    expect(one.body.translation.status).toBe("dubbed");
    const plainFile = await download(one.body.dubVideoUrl, "plain.mp4");
    // the original line is drawn above the translated one: pixels that only the two-language video has
    const a = frame(plainFile, 1.2);
    const b = frame(bilingualFile, 1.2);
    const changed = a.reduce((n, byte, i) => n + (Math.abs(byte - b[i]!) > 40 ? 1 : 0), 0);
    expect(changed).toBeGreaterThan(100);
  });

  it("refuses bad subtitle files with a 400 that names the cue, and keeps nothing", async () => {
    const before = (await api(ts.baseUrl, cookie, "GET", "/api/video")).body.length;
    const cue = (n: number, from: string, to: string, text = "words") => `${n}\n${from} --> ${to}\n${text}\n`;
    const cases: [string, Buffer | string, string][] = [
      ["not subtitles", "Just a letter to a friend.\nNothing more.", "subtitles"],
      ["empty", "", "subtitles"],
      [
        "out of order",
        `${cue(1, "00:00:03,000", "00:00:04,000")}\n${cue(2, "00:00:01,000", "00:00:02,000")}`,
        "subtitles.cue.2",
      ],
      [
        "overlapping",
        `${cue(1, "00:00:01,000", "00:00:03,000")}\n${cue(2, "00:00:02,000", "00:00:04,000")}`,
        "subtitles.cue.2",
      ],
      [
        "past the end",
        `${cue(1, "00:00:01,000", "00:00:02,000")}\n${cue(2, "00:00:30,000", "00:00:31,000")}`,
        "subtitles.cue.2",
      ],
      ["no time line", `${cue(1, "00:00:01,000", "00:00:02,000")}\n2\nno times here\n`, "subtitles.cue.2"],
      ["Latin-1", Buffer.from(cue(1, "00:00:01,000", "00:00:02,000", "Señor Muñoz"), "latin1"), "subtitles"],
      [
        "over 2 MiB",
        `${cue(1, "00:00:01,000", "00:00:02,000")}\n${"x".repeat(2 * 1024 * 1024)}`,
        "subtitles",
      ],
    ];
    for (const [what, file, path] of cases) {
      const res = await create(file);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code, what).toBe("validation_failed");
      expect(res.body.error.details, what).toEqual([{ path, message: res.body.error.message }]);
    }
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).body.length).toBe(before);
    expect(await leftoverUploads(ts)).toEqual([]);

    // an existing project keeps its transcript and translation when the file is refused
    const saved = (await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}`)).body.transcript;
    const [, late] = cases.find(([what]) => what === "past the end")!;
    const refused = await importInto(projectId, "original", late);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe("subtitles.cue.2");
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${projectId}`)).body.transcript).toEqual(saved);
    expect((await importInto(projectId, "es", "")).status).toBe(400);
    // the limit is 2 MiB, not the multipart default of 1 MiB
    // (a comment block of 1.5 MiB in lines of 1 KiB: a line may be at most 10,000 characters)
    const padded = `WEBVTT\n\nNOTE\n${`${"x".repeat(1023)}\n`.repeat(1536)}\n00:01.000 --> 00:02.000\nHola.\n`;
    expect((await importInto(projectId, "fr", padded)).status).toBe(200);
    const huge = await importInto(projectId, "fr", `${padded}${"y".repeat(1024 * 1024)}`);
    expect(huge.status).toBe(400);
    expect(huge.body.error.details).toEqual([
      { path: "subtitles", message: "The subtitle file is larger than 2 MiB." },
    ]);
    // not someone else's project
    const other = (await ts.signIn()).cookie;
    const form = new FormData();
    form.set("subtitles", new Blob([SPANISH]), "es.vtt");
    const stranger = await fetch(`${ts.baseUrl}/api/video/${projectId}/subtitles/es`, {
      method: "POST",
      body: form,
      headers: { cookie: other },
    });
    expect(stranger.status).toBe(404);
  });
});
