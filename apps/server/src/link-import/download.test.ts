// The link downloader against a real local web site (test/media-site.ts) and the real yt-dlp: the SSRF
// guard on every hop, the size cap while streaming, time-outs, content types, pages without a video.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "../../test/fixtures.ts";
import { startMediaSite } from "../../test/media-site.ts";
import { downloadLink } from "./download.ts";
import { LinkError } from "./errors.ts";
import { classifyContentType, fetchDirect } from "./fetch-direct.ts";
import { DEFAULT_YT_DLP, explain, interpreterOf, linkForYtDlp, ytDlpArgs, ytDlpConfig } from "./yt-dlp.ts";

// the yt-dlp the setup installs (scripts/python.sh ytdlp)
const hasYtDlp = existsSync(DEFAULT_YT_DLP);

const tmp = tempFolder("link-import-");
let site: Awaited<ReturnType<typeof startMediaSite>>;
let work: string;
let videoSize: number;
beforeAll(async () => {
  const video = makeVideo(tmp.path, "mp4", { seconds: 2 });
  videoSize = (await stat(video)).size;
  site = await startMediaSite(video);
});
afterAll(() => site?.close());
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "link-dl-"));
});
afterEach(() => rm(work, { recursive: true, force: true }));

/** Only the site's first address is allowed: its second (127.0.0.2) stands for any private address. */
const limits = (over: Partial<Parameters<typeof downloadLink>[2]> = {}) => ({
  allow: ["127.0.0.1"],
  maxBytes: 5 * 1024 * 1024,
  idleMs: 5_000,
  signal: AbortSignal.timeout(60_000),
  ...over,
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LinkError);
  return (error as LinkError).message;
};

describe("direct links", () => {
  it("downloads a direct MP4 whole", async () => {
    const file = await downloadLink(`${site.url}/clip.mp4`, work, limits());
    expect(file.size).toBe(videoSize);
    expect((await stat(file.path)).size).toBe(videoSize);
    expect(file.name).toBe("clip.mp4");
  });

  it("refuses loopback, private and link-local addresses, by literal, by name and through a redirect", async () => {
    const refused = [
      `${site.otherUrl}/clip.mp4`,
      `http://[::1]:${site.port}/clip.mp4`,
      `http://[::ffff:127.0.0.2]:${site.port}/clip.mp4`,
      `http://localhost:${site.port}/clip.mp4`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/clip.mp4",
      `${site.url}/to?url=${encodeURIComponent(`${site.otherUrl}/clip.mp4`)}`,
      `${site.url}/to?url=${encodeURIComponent(`http://[::1]:${site.port}/clip.mp4`)}`,
    ];
    const before = site.requests.filter((r) => r.startsWith("127.0.0.2")).length;
    for (const url of refused)
      expect(await failure(downloadLink(url, work, limits())), url).toMatch(/private address/);
    // a name that resolves to loopback (/etc/hosts) is refused at the connection, not by its spelling
    expect(
      await failure(downloadLink(`http://vm:${site.port}/clip.mp4`, work, limits({ allow: false }))),
    ).toMatch(/private address/);
    expect(site.requests.filter((r) => r.startsWith("127.0.0.2")).length).toBe(before);
    expect(await readdir(work)).toEqual([]);
  });

  it("refuses other schemes", async () => {
    expect(await failure(downloadLink("file:///etc/passwd", work, limits()))).toMatch(/only http/);
  });

  it("cuts an endless body off at the cap while streaming, and refuses a declared size past it unread", async () => {
    const maxBytes = 1024 * 1024;
    expect(await failure(downloadLink(`${site.url}/endless.mp4`, work, limits({ maxBytes })))).toMatch(
      /larger than the 1 MB/,
    );
    expect(await failure(downloadLink(`${site.url}/huge.mp4`, work, limits()))).toMatch(/larger than/);
    expect(await readdir(work)).toEqual([]);
  });

  it("gives up on a server that stops sending", async () => {
    expect(await failure(downloadLink(`${site.url}/stall.mp4`, work, limits({ idleMs: 500 })))).toMatch(
      /sent nothing for 0\.5 s/,
    );
  });

  it("refuses what is not a video or a page", async () => {
    expect(await failure(downloadLink(`${site.url}/notes.txt`, work, limits()))).toMatch(
      /text\/plain, not a video/,
    );
    expect(await failure(downloadLink(`${site.url}/missing.mp4`, work, limits()))).toMatch(/HTTP 404/);
  });

  it("reports an HTML answer as a page without reading it", async () => {
    const fetched = await fetchDirect(`${site.url}/article.html`, path.join(work, "x"), limits());
    expect(fetched.kind).toBe("page");
    expect(classifyContentType("video/webm")).toBe("media");
    expect(classifyContentType("application/json")).toBe("other");
  });
});

describe.skipIf(!hasYtDlp)("page links through yt-dlp", () => {
  it("downloads the video of an HTML5 <video> page (the generic extractor)", async () => {
    const file = await downloadLink(`${site.url}/page.html`, work, limits());
    expect(file.size).toBe(videoSize);
    expect(file.name).toMatch(/\.mp4$/);
  });

  it("says 'no video' for a page that has none", async () => {
    expect(await failure(downloadLink(`${site.url}/article.html`, work, limits()))).toBe(
      "no video was found at this link",
    );
  });

  it("sends yt-dlp's connections through the guard: a page whose video is on a private address", async () => {
    const src = encodeURIComponent(`${site.otherUrl}/clip.mp4`);
    const before = site.requests.filter((r) => r.startsWith("127.0.0.2")).length;
    expect(await failure(downloadLink(`${site.url}/page.html?src=${src}`, work, limits()))).toMatch(
      /private address/,
    );
    expect(site.requests.filter((r) => r.startsWith("127.0.0.2")).length).toBe(before);
  });

  it("fails a download yt-dlp gave up half way (an HLS key on file:///) and keeps none of its parts", async () => {
    const message = await failure(downloadLink(`${site.url}/hls.m3u8`, work, limits()));
    expect(message).not.toBe("");
    expect(message).toMatch(/file|key|scheme|not allowed|fragment/i);
    expect((await readdir(work)).filter((f) => f.startsWith("download"))).toEqual([]);
  });

  it("holds yt-dlp to the size cap, declared or not", async () => {
    const message = await failure(downloadLink(`${site.url}/page.html`, work, limits({ maxBytes: 10_000 })));
    expect(message).toMatch(/larger than/);
    const endless = `${site.url}/page.html?src=/endless.mp4`;
    expect(await failure(downloadLink(endless, work, limits({ maxBytes: 1024 * 1024 })))).toMatch(
      /larger than/,
    );
  });
});

describe("yt-dlp's limits", () => {
  it("passes the user's URL only after --, with no config files and no playlists", () => {
    const args = ytDlpArgs("--exec=rm -rf /", "/tmp/x", 1000);
    expect(args.at(-2)).toBe("--");
    expect(args.at(-1)).toBe("--exec=rm -rf /");
    expect(args.filter((a) => a.startsWith("--exec"))).toHaveLength(1);
    for (const flag of ["--ignore-config", "--no-playlist", "--max-filesize"]) expect(args).toContain(flag);
    // the proxy (its URL holds the import's secret) comes on stdin, not on a command line anyone can read
    expect(args.join(" ")).toContain("--config-locations -");
    expect(args).not.toContain("--proxy");
    expect(ytDlpConfig("http://import:s3cret@127.0.0.1:1")).toBe(
      "--proxy http://import:s3cret@127.0.0.1:1\n",
    );
  });

  it("answers 'not available' for a page when yt-dlp is not installed", async () => {
    const message = await failure(
      downloadLink(`${site.url}/page.html`, work, limits({ ytDlpBin: path.join(work, "no-yt-dlp") })),
    );
    expect(message).toMatch(/need yt-dlp, which is not available/);
  });

  it("hands yt-dlp the URL without its fragment, refuses its private smuggled data however hidden, http(s) only", () => {
    expect(linkForYtDlp("https://example.com/watch?v=1#t=30")).toBe("https://example.com/watch?v=1");
    for (const link of [
      "https://example.com/a#__youtubedl_smuggle=%7B%7D",
      "https://example.com/a?u=%2523__YouTubeDL_smuggle%253D%257B%257D",
      "https://example.com/__youtubedl_smuggle/a",
    ])
      expect(() => linkForYtDlp(link), link).toThrow(/__youtubedl_smuggle/);
    expect(() => linkForYtDlp("ftp://example.com/a.mp4")).toThrow(/only http/);
  });

  it("finds a yt-dlp program's Python from its first lines", () => {
    expect(interpreterOf("#!/srv/venv/bin/python\nimport sys")).toBe("/srv/venv/bin/python");
    expect(interpreterOf("#!/usr/bin/env python3\n")).toBe("python3");
    expect(interpreterOf(`#!/bin/sh\n'''exec' /a/long/bin/python "$0" "$@"\n' '''\n`)).toBe(
      "/a/long/bin/python",
    );
    expect(interpreterOf("\x7fELF\x02\x01")).toBeNull();
    expect(interpreterOf("#!/bin/bash\necho")).toBeNull();
  });

  it("explains yt-dlp's errors in words", () => {
    expect(explain("ERROR: Unsupported URL: http://x/", 1)).toBe("no video was found at this link");
    expect(explain("ERROR: [youtube] abc: Private video. Sign in", 1)).toMatch(/private/);
  });
});
