// Glossaries: a project's and the account's defaults (GET/PUT, every refusal, owner checks), honoured by
// the offline translation (Apertium keeps the brand name and puts the wanted term), and a segment whose
// term did not survive (an OpenAI stand-in that ignores a rule) flagged until an edit puts the term in;
// and lines that fit: a line too long for its time rewritten shorter by the stand-in, the first kept.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeServer,
  sendJson,
  startFakeServer,
} from "../../../packages/dubbing/src/testing/fake-server.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, waitForStatus } from "./http.ts";
import { documentedAnswers } from "./openapi-check.ts";

const tmp = tempFolder("glossary-");
let video: string;
beforeAll(() => {
  video = makeVideo(tmp.path, "mp4", { seconds: 6 });
});

const SRT = [
  "1",
  "00:00:00,500 --> 00:00:02,000",
  "Ana: Acme Cloud is great.",
  "",
  "2",
  "00:00:02,200 --> 00:00:03,800",
  "Ben: The storage is cheap.",
  "",
].join("\n");

async function createFromSrt(ts: TestServer, cookie: string, srt = SRT): Promise<string> {
  const form = new FormData();
  form.set("title", "Glossary");
  form.set("subtitles", new Blob([srt]), "dialogue.srt");
  form.set("video", new Blob([await readFile(video)]), "clip.mp4");
  const res = await fetch(`${ts.baseUrl}/api/video/process`, {
    method: "POST",
    body: form,
    headers: { cookie },
  });
  const id = ((await res.json()) as { _id: string })._id;
  expect((await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"])).status).toBe("ready");
  return id;
}

const PROJECT = [
  { term: "Acme Cloud", keep: true },
  { term: "storage", translations: { es: "almacenamiento" } },
];

describe.each(MODES)("glossary (%s)", (mode) => {
  // Every answer is checked against the API description the server publishes: an undocumented field or status fails.
  const answers = documentedAnswers();
  let ts: TestServer;
  let cookie: string;
  let id: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    await answers.start(ts.baseUrl);
    cookie = (await ts.signIn()).cookie;
    id = await createFromSrt(ts, cookie);
  });
  afterAll(async () => {
    answers.stop();
    await ts?.close();
  });

  it("stores a project's glossary and the account's defaults, in the issue's shape", async () => {
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/glossary`)).body).toEqual({
      glossary: [],
    });
    const put = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/glossary`, { glossary: PROJECT });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/glossary`)).body).toEqual({
      glossary: PROJECT,
    });
    const defaults = [
      { term: "Storage", translations: { es: "depósito" } },
      { term: "cheap", translations: { es: "barato" } },
    ];
    expect(
      (await api(ts.baseUrl, cookie, "PUT", "/api/account/glossary", { glossary: defaults })).status,
    ).toBe(200);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/account/glossary")).body).toEqual({
      glossary: defaults,
    });
  });

  it("refuses bad glossaries with a 400 naming the entry, and keeps the saved one", async () => {
    const bad: [unknown, string][] = [
      [[{ term: "Acme", translations: { xx: "y" } }], "glossary.0.translations.xx"],
      [
        [
          { term: "Acme", keep: true },
          { term: "acme", keep: true },
        ],
        "glossary",
      ],
      [[{ term: "  ", keep: true }], "glossary.0.term"],
      [[{ term: "Acme" }], "glossary.0"],
      [[{ term: "Ac\tme", keep: true }], "glossary.0.term"],
      [[{ term: "Acme", keep: true, extra: 1 }], "glossary.0"],
      [Array.from({ length: 201 }, (_, i) => ({ term: `t${i}`, keep: true })), "glossary"],
      ["Acme", "glossary"],
    ];
    for (const [glossary, path] of bad) {
      const res = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/glossary`, { glossary });
      expect(res.status, JSON.stringify(glossary).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.details[0].path).toBe(path);
    }
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/glossary`)).body).toEqual({
      glossary: PROJECT,
    });
  });

  it("answers 404 for another user's project, read or write, and keeps each account's defaults apart", async () => {
    const other = (await ts.signIn()).cookie;
    expect((await api(ts.baseUrl, other, "GET", `/api/video/${id}/glossary`)).status).toBe(404);
    const put = await api(ts.baseUrl, other, "PUT", `/api/video/${id}/glossary`, { glossary: [] });
    expect(put.status).toBe(404);
    expect((await api(ts.baseUrl, other, "GET", "/api/account/glossary")).body).toEqual({ glossary: [] });
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/glossary`)).body).toEqual({
      glossary: PROJECT,
    });
  });

  it("translates offline keeping the brand name and the project's term over the account's", async () => {
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    const [first, second] = es.body.transcript.map((s: { text: string }) => s.text);
    expect(first).toContain("Acme Cloud");
    expect(second).toContain("almacenamiento"); // the project's, not the account's "depósito"
    expect(second).toContain("barato"); // an account default the project does not override
    expect(es.body.glossaryMisses).toEqual([]);
  });

  it("answered every request as the published API description says", () => {
    expect(answers.mismatches).toEqual([]);
  });
});

describe.each(MODES)("glossary misses and lines that fit, with an OpenAI stand-in (%s)", (mode) => {
  let ts: TestServer;
  let openai: FakeServer;
  let cookie: string;
  // A model that honours "keep" rules but forgets the others: the word stays English.
  const systems: string[] = [];

  beforeAll(async () => {
    openai = await startFakeServer((req, res) => {
      const body = JSON.parse(req.body.toString()) as { messages: { content: string }[] };
      systems.push(body.messages[0]!.content);
      const input = JSON.parse(body.messages[1]!.content) as {
        segments?: { id: number; text: string }[];
        lines?: { id: number; translation: string; max_chars: number }[];
      };
      // a translation, or (lines that fit) each line cut to the characters it may use
      const translations = input.lines
        ? input.lines.map((l) => ({ id: l.id, text: l.translation.slice(0, l.max_chars).trim() }))
        : input.segments!.map((s) => ({ id: s.id, text: `ES ${s.text}` }));
      sendJson(res, 200, {
        choices: [
          { message: { content: JSON.stringify({ translations }), refusal: null }, finish_reason: "stop" },
        ],
      });
    });
    ts = await startTestServer(mode, { OPENAI_API_KEY: "sk-stand-in", OPENAI_BASE_URL: openai.url });
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
    await openai?.close();
  });

  it("flags the segment whose term did not survive until an edit puts it in", async () => {
    const id = await createFromSrt(ts, cookie);
    await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/glossary`, { glossary: PROJECT });
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    expect(systems.at(-1)).toContain('"storage" becomes "almacenamiento"');
    expect(systems.at(-1)).toContain('"Acme Cloud" stays "Acme Cloud"');
    expect(es.body.glossaryMisses).toEqual([{ segment: 1, term: "storage", expected: "almacenamiento" }]);
    const fixed = es.body.transcript.map((s: { text: string }, i: number) =>
      i === 1 ? { ...s, text: "El almacenamiento es barato." } : s,
    );
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: fixed,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.glossaryMisses).toEqual([]);
  });

  it("asks once more for a line too long for its time, keeping the first rendering beside it", async () => {
    const long = "This sentence is far too long to be spoken in a single second.";
    const srt = `1\n00:00:00,500 --> 00:00:01,500\n${long}\n\n2\n00:00:01,600 --> 00:00:05,000\nShort.\n`;
    const id = await createFromSrt(ts, cookie, srt);
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    const [first, second] = es.body.transcript;
    // 1 s of slot at 14 characters a second and 1.3× → 18 characters
    expect(first.shortenedFrom).toBe(`ES ${long}`);
    expect(first.text).toBe(`ES ${long}`.slice(0, 18).trim());
    expect(second.shortenedFrom).toBeUndefined();
    // an edit keeps the record
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/translation`, {
      language: "es",
      transcript: [{ ...first, text: "Frase corta." }, second],
    });
    expect(saved.body.transcript[0]).toMatchObject({ text: "Frase corta.", shortenedFrom: `ES ${long}` });
  });
});
