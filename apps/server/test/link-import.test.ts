// Link import end to end against a local web site, both database modes: the worker
// downloads the link, the project shows its progress, and a link that cannot be imported leaves a failed
// project saying why, with no minutes taken and nothing stored.
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import net from "node:net";
import { BUILT_IN_PLANS } from "@dubbing/contract";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects } from "../src/db/schema.ts";
import { DEFAULT_YT_DLP } from "../src/link-import/yt-dlp.ts";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, eventually, waitForStatus } from "./http.ts";
import { SECRET, startInternalHost } from "./internal-host.ts";
import { startMediaSite } from "./media-site.ts";

// the yt-dlp the setup installs (scripts/python.sh ytdlp)
const hasYtDlp = existsSync(DEFAULT_YT_DLP);

const tmp = tempFolder("dub-link-");
let site: Awaited<ReturnType<typeof startMediaSite>>;
let videoBytes: number;
let internal: Awaited<ReturnType<typeof startInternalHost>>;
beforeAll(async () => {
  const video = makeDialogue(tmp.path, DIALOGUE.slice(0, 2)).video;
  videoBytes = (await stat(video)).size;
  site = await startMediaSite(video);
  internal = await startInternalHost();
});
afterAll(async () => {
  await site?.close();
  await internal?.close();
});

/**
 * The guarded proxy's host:port of an import this process runs now, from its confined yt-dlp's command line
 * (its child: not another suite's import on the same machine).
 */
async function proxyOfRunningImport(): Promise<string | null> {
  for (const pid of await readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat_ = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    if (Number(stat_.slice(stat_.lastIndexOf(")") + 2).split(" ")[1]) !== process.pid) continue;
    const args = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0");
    const at = args.findIndex((arg) => arg.endsWith("confine.py"));
    if (at >= 0 && args[at + 1]) return args[at + 1]!;
  }
  return null;
}

/** Sends `text` as it is to host:port and answers what comes back until the connection ends. */
function rawRequest(address: string, text: string): Promise<string> {
  const [host, port] = address.split(":");
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port: Number(port) }, () => socket.write(text));
    let answer = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer from ${address}`)));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe.each(MODES)("link import (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    // the site's 127.0.0.1 is allowed; its 127.0.0.2 stands for every private address
    ts = await startTestServer(mode, {
      IMPORT_ALLOW_PRIVATE: "127.0.0.1",
      MAX_UPLOAD_BYTES: String(8 * 1024 ** 2),
    });
  });
  afterAll(() => ts?.close());

  const importLink = (cookie: string, url: string, extra: Record<string, unknown> = {}) =>
    api(ts.baseUrl, cookie, "POST", "/api/video/process", { title: "Linked", url, ...extra });
  const usedSeconds = async (cookie: string) =>
    (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.transcribedSeconds as number;

  it("imports a direct MP4: downloaded by the worker, charged by its measured duration, transcribed", async () => {
    const { cookie } = await ts.signIn();
    const res = await importLink(cookie, `${site.url}/clip.mp4`, { language: "en", speakers: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "uploaded",
      sourceUrl: `${site.url}/clip.mp4`,
      speakerCount: 2,
    });
    expect(res.body.originalVideoUrl).toBeNull();
    expect(res.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await waitForStatus(ts.baseUrl, cookie, res.body._id, ["ready", "failed"], 300_000);
    expect(ready.statusMessage).toBeNull();
    expect(ready.status).toBe("ready");
    expect(ready.sizeBytes).toBe(videoBytes);
    expect(ready.originalName).toBe("clip.mp4");
    expect(ready.transcript.length).toBeGreaterThan(0);
    const original = await fetch(new URL(ready.originalVideoUrl, ts.baseUrl));
    expect(Number((await original.arrayBuffer()).byteLength)).toBe(videoBytes);
    expect(await usedSeconds(cookie)).toBeCloseTo(ready.durationMs / 1000, 1);
  });

  it.skipIf(!hasYtDlp)("imports the video of a page with an HTML5 <video> through yt-dlp", async () => {
    const { cookie } = await ts.signIn();
    const res = await importLink(cookie, `${site.url}/page.html`);
    expect(res.status).toBe(201);
    const done = await waitForStatus(ts.baseUrl, cookie, res.body._id, ["ready", "failed"], 300_000);
    expect(done.statusMessage).toBeNull();
    expect(done.sizeBytes).toBe(videoBytes);
  });

  it.skipIf(!hasYtDlp)(
    "fails a page whose video has a segment on an internal ftp:// host, which hears nothing",
    async () => {
      const { cookie } = await ts.signIn();
      // a valid MP4, then a `free` box header: on a yt-dlp that fetched it, the secret would sit in the original
      const segments = [`${site.url}/clip.mp4`, `${site.url}/free?n=${SECRET.length}`, internal.ftpUrl];
      const res = await importLink(
        cookie,
        `${site.url}/dash.mpd?${segments.map((s) => `seg=${encodeURIComponent(s)}`).join("&")}`,
      );
      expect(res.status).toBe(201);
      const failed = await waitForStatus(ts.baseUrl, cookie, res.body._id, ["ready", "failed"], 300_000);
      expect(failed.statusMessage).toBe(
        "The link could not be downloaded: the link led yt-dlp to an ftp:// address, which is not allowed.",
      );
      expect(failed.originalVideoUrl).toBeNull();
      expect(internal.hits).toEqual([]);
      expect(await usedSeconds(cookie)).toBe(0);
    },
  );

  it.skipIf(!hasYtDlp)(
    "keeps running when another local user sends the import's proxy an https:// request, and refuses them",
    async () => {
      const { cookie } = await ts.signIn();
      // a page whose video stalls: yt-dlp (and its proxy) wait on it for a while
      const res = await importLink(cookie, `${site.url}/page.html?src=/stall.mp4`);
      expect(res.status).toBe(201);
      // the proxy's port is on the confined yt-dlp's command line, which every local user can read
      const proxy = await eventually("the import's proxy", async () => proxyOfRunningImport(), 60_000);
      // the issue's attack: an absolute-form https:// request made http.request throw, and the process end
      const attack = await rawRequest(
        proxy,
        `GET ${site.url.replace("http:", "https:")}/x HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(attack).toMatch(/^HTTP\/1\.1 407 /);
      // without the import's secret nothing is fetched or tunnelled for anyone
      const before = site.requests.length;
      expect(await rawRequest(proxy, `GET ${site.url}/clip.mp4 HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 407 /,
      );
      expect(await rawRequest(proxy, `CONNECT 127.0.0.1:${site.port} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(
        /^HTTP\/1\.1 407 /,
      );
      // a request the proxy cannot parse
      expect(await rawRequest(proxy, "NOT A REQUEST\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
      expect(site.requests.slice(before).filter((r) => r.endsWith("/clip.mp4"))).toEqual([]);
      expect((await fetch(`${ts.baseUrl}/api/health`)).status).toBe(200);
      expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${res.body._id}`)).status).toBe(200);
    },
  );

  const refusals: [string, () => string, RegExp][] = [
    ["a page with no video", () => `${site.url}/article.html`, /no video was found at this link/],
    [
      "a redirect to a private (loopback) address",
      () => `${site.url}/to?url=${encodeURIComponent(`${site.otherUrl}/clip.mp4`)}`,
      /127\.0\.0\.2 is a private address, and this server does not connect to private networks \(its operator can allow it with IMPORT_ALLOW_PRIVATE\)/,
    ],
    ["a body larger than allowed", () => `${site.url}/endless.mp4`, /larger than the 8 MB your plan allows/],
    ["a text file", () => `${site.url}/notes.txt`, /text\/plain, not a video/],
  ];
  for (const [what, url, reason] of refusals) {
    it(`fails clearly for ${what}, taking no minutes and storing nothing`, async () => {
      const { cookie } = await ts.signIn();
      const res = await importLink(cookie, url());
      expect(res.status).toBe(201);
      const failed = await waitForStatus(ts.baseUrl, cookie, res.body._id, ["ready", "failed"], 120_000);
      expect(failed.status).toBe("failed");
      expect(failed.statusMessage).toMatch(/^The link could not be downloaded: /);
      expect(failed.statusMessage).toMatch(reason);
      expect(failed.originalVideoUrl).toBeNull();
      expect(await usedSeconds(cookie)).toBe(0);
    });
  }

  it("caps the download at the storage the plan has left", async () => {
    const { cookie, userId } = await ts.signIn();
    // a Free user who keeps all but 1 MiB of the plan's storage (a project row standing for the videos)
    await ts.server.database.db.insert(projects).values({
      userId,
      workspaceId: userId,
      title: "Kept",
      status: "ready",
      originalKey: "projects/none/original.mp4",
      originalName: "kept.mp4",
      sizeBytes: BUILT_IN_PLANS[0]!.storedBytes! - 1024 * 1024,
    });
    const res = await importLink(cookie, `${site.url}/endless.mp4`);
    expect(res.status).toBe(201);
    const failed = await waitForStatus(ts.baseUrl, cookie, res.body._id, ["ready", "failed"], 120_000);
    expect(failed.statusMessage).toBe(
      "The link could not be downloaded: the video is larger than the 1 MB your plan allows.",
    );
    expect(await usedSeconds(cookie)).toBe(0);
  });

  it("refuses a bad link at once: the spec's YouTube rule, other schemes, a user name; nothing is created", async () => {
    const { cookie } = await ts.signIn();
    const youtube = await importLink(cookie, "https://www.youtube.com/watch?v=short");
    expect(youtube.status).toBe(400);
    expect(youtube.body.error).toMatchObject({ code: "validation_failed" });
    expect(youtube.body.error.message).toMatch(/Invalid YouTube link/);
    for (const url of [
      "ftp://example.com/a.mp4",
      "file:///etc/passwd",
      "https://user:pw@example.com/a.mp4",
      "not a link",
    ])
      expect((await importLink(cookie, url)).status, url).toBe(400);
    expect((await importLink(cookie, `${site.url}/clip.mp4`, { title: "" })).status).toBe(400);
    expect((await importLink(cookie, `${site.url}/clip.mp4`, { language: "xx" })).status).toBe(400);
    expect((await api(ts.baseUrl, cookie, "GET", "/api/video")).body).toEqual([]);
  });
});
