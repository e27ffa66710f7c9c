// An attack that worked once: the operator's Pexels key and the API's ffmpeg were spent without a quota. A
// storyboard's searches are counted before they run (at most MAX_SEARCHES_PER_STORYBOARD), and only
// images a counted search handed out are rendered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotaCounters } from "../src/db/schema.ts";
import { MAX_SEARCHES_PER_STORYBOARD } from "../src/storyboards/images.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";
import { PEXELS_TEST_KEY, type PexelsStandIn, startPexelsStandIn } from "./pexels.ts";

/** 100 sentences whose two best search words are their own: 100 distinct image searches. */
function longTranscript(): string {
  const word = (stem: string, i: number) =>
    `${stem}${"abcdefghij"[Math.floor(i / 10)]}${"abcdefghij"[i % 10]}`;
  return Array.from(
    { length: 100 },
    (_, i) =>
      `Sailors watched ${word("zorvellington", i)} drift past ${word("quilashmoreland", i)} under grey skies.`,
  ).join(" ");
}

describe.each(MODES)("storyboard image quotas (%s)", (mode) => {
  let ts: TestServer;
  let pexels: PexelsStandIn;
  const searchesNow = () => pexels.calls.length;
  const imageSearchesUsed = async (cookie: string) =>
    (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.quotas.imageSearches.used;

  beforeAll(async () => {
    pexels = await startPexelsStandIn();
    ts = await startTestServer(mode, { PEXELS_API_KEY: PEXELS_TEST_KEY, PEXELS_BASE_URL: pexels.baseUrl });
  });
  afterAll(async () => {
    await ts?.close();
    await pexels?.close();
  });

  it("5. counts a new storyboard's searches against the hour before they run, at most 20", async () => {
    const { cookie } = await ts.signIn();
    const before = searchesNow();
    const res = await api(ts.baseUrl, cookie, "POST", "/api/storyboard", {
      title: "Harbour",
      transcript: longTranscript(),
    });
    expect(res.status).toBe(201);
    expect(res.body.frames.length).toBeGreaterThan(MAX_SEARCHES_PER_STORYBOARD);
    expect(searchesNow() - before).toBe(MAX_SEARCHES_PER_STORYBOARD);
    expect(await imageSearchesUsed(cookie)).toBe(MAX_SEARCHES_PER_STORYBOARD);
    // The first frames have Pexels' photos; the ones past the cap start empty (the user searches for them).
    const withImages = res.body.frames.filter((f: { pexelImages: unknown[] }) => f.pexelImages.length > 0);
    expect(withImages).toHaveLength(MAX_SEARCHES_PER_STORYBOARD);
    expect(withImages[0].pexelImages[0].source).toBe("pexels");
    expect(res.body.frames.at(-1).pexelImages).toEqual([]);
  });

  it("5. refuses a storyboard whose searches do not fit in the hour, before any search runs", async () => {
    const { cookie, userId } = await ts.signIn();
    await ts.server.database.db
      .insert(quotaCounters)
      .values({ userId, kind: "imageSearches", window: new Date().toISOString().slice(0, 13), count: 50 });
    const before = searchesNow();
    const res = await api(ts.baseUrl, cookie, "POST", "/api/storyboard", {
      title: "Harbour",
      transcript: longTranscript(),
    });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({
      code: "rate_limited",
      message:
        "Your Free plan includes 60 image searches an hour; 10 are left and this needs 20. Try again in the next hour.",
    });
    expect(searchesNow()).toBe(before);
    expect(await imageSearchesUsed(cookie)).toBe(50);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/storyboard")).body).toEqual([]);
  });

  it("5. renders only the illustrations a counted search handed out", async () => {
    const { cookie } = await ts.signIn();
    // Words nobody searched for, and a signature made up: nothing is rendered, nothing tells what is stored.
    for (const url of [
      "/api/storyboard/images/offline/1.jpg?q=renders%20for%20free",
      "/api/storyboard/images/offline/1.jpg?q=renders%20for%20free&sig=AAAAAAAAAAAAAAAAAAAAAA",
    ]) {
      const res = await api(ts.baseUrl, cookie, "GET", url);
      expect(res.status, url).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    // Pexels refuses ("busy"), so the frame gets the service's own illustrations: one counted search.
    const board = await api(ts.baseUrl, cookie, "POST", "/api/storyboard", {
      title: "Busy",
      transcript: "Busy.",
    });
    expect(board.status).toBe(201);
    const image = board.body.frames[0].pexelImages[0];
    expect(image.source).toBe("offline");
    const res = await fetch(`${ts.baseUrl}${image.medium}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await imageSearchesUsed(cookie)).toBe(1);
    // The same image under another variant is another URL, and needs its own signature.
    const other = image.medium.replace(
      /offline\/(\d)\.jpg/,
      (_: string, v: string) => `offline/${(Number(v) + 1) % 8}.jpg`,
    );
    expect((await api(ts.baseUrl, cookie, "GET", other)).status).toBe(404);
  });
});
