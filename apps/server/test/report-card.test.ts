// The dub's report card through the API: a real dub (offline engines) of a translation with a line left
// in English; the card in the dub's answer, in GET translations and in the signed dub.completed webhook;
// "reviewed, keep it" kept until the line's text changes; bad review requests refused.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually, startAndWait, uploadReady } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";
import { startReceiver } from "./receiver.ts";

const tmp = tempFolder("report-card-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 6 });
});

const SRT = [
  "1",
  "00:00:00,500 --> 00:00:02,400",
  "Ana: The house is quiet.",
  "",
  "2",
  "00:00:02,600 --> 00:00:05,500",
  "Ben: We will walk to the river tomorrow.",
  "",
].join("\n");

type Line = {
  index: number;
  status: string;
  reviewed?: boolean;
  checks: { check: string; status: string; message?: string; value?: number }[];
};

describe.each(PIPELINE_MODES)("the dub's report card (%s)", (mode) => {
  const answers = documentedAnswers();
  let ts: TestServer;
  let cookie: string;
  let id: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  beforeAll(async () => {
    ts = await startTestServer(mode, { WEBHOOKS_ALLOW_PRIVATE: "true" });
    await answers.start(ts.baseUrl);
    receiver = await startReceiver();
    cookie = (await ts.signIn()).cookie;
    const hook = await api(ts.baseUrl, cookie, "POST", "/api/webhooks", {
      url: `${receiver.url}/hook`,
      events: ["dub.completed"],
    });
    secret = hook.body.secret;
    const subtitles = new File([SRT], "dialogue.srt");
    id = (await uploadReady(ts.baseUrl, cookie, video, "Report card", { subtitles }))._id;
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
    await receiver?.close();
  });

  it("checks every dubbed line and serves the card in the dub, the translations and the webhook", async () => {
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    // the second line left in English, as a translation that failed leaves it
    const transcript = es.body.transcript.map((s: { text: string }, i: number) =>
      i === 1 ? { ...s, text: "We will walk to the river tomorrow." } : s,
    );
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript,
    });
    expect(saved.status).toBe(200);
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 240);
    expect(dubbed.body.translation?.status, JSON.stringify(dubbed.body)).toBe("dubbed");
    const report = dubbed.body.translation.report;
    const lines = report.lines as Line[];
    expect(lines.map((l) => l.index)).toEqual([0, 1]);
    expect(lines[0]?.checks.map((c) => c.check)).toEqual([
      "fit",
      "untranslated",
      "meaning",
      "glossary",
      "original-voice",
      "music",
      "clipping",
      "loudness",
      "intelligibility",
      "pitch",
      "speaker",
    ]);
    expect(lines[1]?.checks.find((c) => c.check === "untranslated")?.status).toBe("fail");
    expect(lines[1]?.status).toBe("fail");
    expect(lines[0]?.checks.find((c) => c.check === "untranslated")?.status).toBe("ok");
    // the meaning check read the lines translated back into English (Apertium es → en)
    const meaning = (l?: Line) => l?.checks.find((c) => c.check === "meaning");
    expect(meaning(lines[0])?.status, JSON.stringify(meaning(lines[0]))).toBe("ok");
    expect(meaning(lines[0])?.value).toBeGreaterThan(30);
    expect(meaning(lines[1])).toMatchObject({
      status: "fail",
      message: "The line reads as English, not Spanish.",
    });
    // every line of the Spanish dub heard back (base, the setup's multilingual model): none skipped
    for (const l of lines) {
      const heard = l.checks.find((c) => c.check === "intelligibility");
      expect(heard?.status, JSON.stringify(heard)).not.toBe("skipped");
    }
    expect(lines[0]?.checks.find((c) => c.check === "intelligibility")?.status).toBe("ok");
    const { ok, warn, fail } = report.summary;
    expect(ok + warn + fail).toBe(2);
    expect(fail).toBeGreaterThanOrEqual(1);

    const list = await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`);
    expect(list.body.es.report.summary).toEqual({ ...report.summary, reviewed: 0 });

    const [got] = await eventually("the dub.completed event", async () => {
      const r = receiver.received.filter((x) => x.path === "/hook");
      return r.length > 0 && r;
    });
    const event = new Webhook(secret).verify(got!.body, got!.headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe("dub.completed");
    expect(event.data.summary).toEqual({ ok, warn, fail });
  });

  it("keeps a line reviewed until its text changes", async () => {
    const path = `/api/video/${id}/translations/es/review`;
    const marked = await api(ts.baseUrl, cookie, "PUT", path, { index: 1, reviewed: true });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect((marked.body.report.lines as Line[])[1]?.reviewed).toBe(true);
    expect(marked.body.report.summary.reviewed).toBe(1);
    const again = await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`);
    expect((again.body.es.report.lines as Line[])[1]?.reviewed).toBe(true);
    // an edit of the line opens it again
    const transcript = again.body.es.transcript.map((s: { text: string }, i: number) =>
      i === 1 ? { ...s, text: "Mañana caminaremos al río." } : s,
    );
    const edited = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript,
    });
    expect((edited.body.report.lines as Line[])[1]?.reviewed).toBe(false);
    // taken back
    await api(ts.baseUrl, cookie, "PUT", path, { index: 0, reviewed: true });
    const back = await api(ts.baseUrl, cookie, "PUT", path, { index: 0, reviewed: false });
    expect((back.body.report.lines as Line[])[0]?.reviewed).toBe(false);
  });

  it("refuses a review of a line the card does not have, or a bad body", async () => {
    const path = `/api/video/${id}/translations/es/review`;
    const missing = await api(ts.baseUrl, cookie, "PUT", path, { index: 7, reviewed: true });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    for (const body of [{ index: -1, reviewed: true }, { index: 0 }, { index: 0.5, reviewed: true }, "x"]) {
      const res = await api(ts.baseUrl, cookie, "PUT", path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(["validation_failed", "bad_request"]).toContain(res.body.error.code);
    }
    const other = await ts.signIn();
    expect((await api(ts.baseUrl, other.cookie, "PUT", path, { index: 0, reviewed: true })).status).toBe(404);
    expect(
      (
        await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translations/fr/review`, {
          index: 0,
          reviewed: true,
        })
      ).status,
    ).toBe(404);
  });

  it("fixes a line in one click: saved, and the dub made again with that line synthesized anew", async () => {
    const fix = (index: number | string, body: unknown, who = cookie) =>
      api(ts.baseUrl, who, "POST", `/api/video/${id}/translations/es/lines/${index}/fix`, body);
    const dubbed = () =>
      eventually("the dub after the fix", async () => {
        const es = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
        return es.status === "dubbed" && !es.stale && es;
      });
    // line 1 (0.5–2.4 s) may run into the silence until 100 ms before line 2 (2.6 s)
    const borrowed = await fix(0, { fix: "borrow-silence" });
    expect(borrowed.status, JSON.stringify(borrowed.body)).toBe(202);
    expect(borrowed.body.job?.id).toBeTruthy();
    expect(borrowed.body.translation.transcript[0]).toMatchObject({ start: 500, end: 2500 });
    const afterBorrow = await dubbed();
    expect(afterBorrow.transcript[0].end).toBe(2500);
    expect(afterBorrow.report.totals.resynthesized).toBeGreaterThanOrEqual(1);
    expect((afterBorrow.report.lines as Line[]).map((l) => l.index)).toEqual([0, 1]);
    // nothing left to borrow now
    const none = await fix(0, { fix: "borrow-silence" });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("conflict");

    const waits = await fix(1, { fix: "picture-waits" });
    expect(waits.status, JSON.stringify(waits.body)).toBe(202);
    expect((await dubbed()).transcript[1].pictureWaits).toBe(true);

    // no engine here can rewrite a line, and the languages list says so
    const shorten = await fix(1, { fix: "shorten" });
    expect(shorten.status).toBe(422);
    expect(shorten.body.error.code).toBe("language_unavailable");
    const languages = await api(ts.baseUrl, cookie, "GET", "/api/languages?source=en");
    expect(languages.body.find((l: { code: string }) => l.code === "es").translate.shorten).toBe(false);

    for (const [index, body] of [
      [0, { fix: "louder" }],
      [0, {}],
      ["x", { fix: "picture-waits" }],
      [-1, { fix: "picture-waits" }],
    ] as const) {
      const res = await fix(index, body);
      expect(res.status, JSON.stringify([index, body])).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await fix(7, { fix: "picture-waits" })).status).toBe(404);
    const other = await ts.signIn();
    const foreign = await fix(0, { fix: "picture-waits" }, other.cookie);
    expect(foreign.status).toBe(404);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});
