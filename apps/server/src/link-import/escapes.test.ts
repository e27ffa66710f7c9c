// Pages written to turn yt-dlp around, against the real yt-dlp the setup installs: a public site on
// 127.0.0.1 (test/media-site.ts) and an internal host on 127.0.0.2 (test/internal-host.ts), whose HTTP
// and FTP services hold a secret. Each page must fail to import (or bring back nothing of the internal host), which must hear nothing.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "../../test/fixtures.ts";
import { SECRET, startInternalHost } from "../../test/internal-host.ts";
import { startMediaSite } from "../../test/media-site.ts";
import { downloadLink } from "./download.ts";
import { LinkError } from "./errors.ts";
import { DEFAULT_YT_DLP } from "./yt-dlp.ts";

const tmp = tempFolder("link-escape-");
let site: Awaited<ReturnType<typeof startMediaSite>>;
let internal: Awaited<ReturnType<typeof startInternalHost>>;
let work: string;
beforeAll(async () => {
  site = await startMediaSite(makeVideo(tmp.path, "mp4", { seconds: 2 }));
  internal = await startInternalHost();
});
afterAll(async () => {
  await site?.close();
  await internal?.close();
});
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "link-escape-"));
});
afterEach(() => rm(work, { recursive: true, force: true }));

const enc = encodeURIComponent;
const segs = (segments: string[]) => segments.map((s) => `seg=${enc(s)}`).join("&");
/** A DASH manifest (a page to the importer's own fetch) of a valid MP4, a `free` box header, then `inner`. */
const manifest = (inner: string, type = "application/dash+xml") =>
  `${site.url}/dash.mpd?${segs(wrapped(inner))}&type=${enc(type)}`;
/** The MP4, then a `free` box header that swallows what comes next: the file stays a valid video. */
const wrapped = (inner: string) => [`${site.url}/clip.mp4`, `${site.url}/free?n=${SECRET.length}`, inner];
/** yt-dlp's private data in a fragment: headers for every request, this one turning its proxy off. */
const SMUGGLE = `#__youtubedl_smuggle=${enc(JSON.stringify({ http_headers: { "Ytdl-request-proxy": "__noproxy__" } }))}`;
const redirect = (target: string) => `${site.url}/to?url=${enc(target)}`;

/** The internal host heard nothing and no file in the scratch folder holds its secret; why it failed. */
async function failed(link: string): Promise<string | null> {
  const before = internal.hits.length;
  const error = await downloadLink(link, work, {
    allow: ["127.0.0.1"],
    maxBytes: 5 * 1024 * 1024,
    idleMs: 10_000,
    signal: AbortSignal.timeout(120_000),
  }).then(
    () => null,
    (e: unknown) => e,
  );
  const leaked = [];
  for (const name of await readdir(work))
    if ((await readFile(path.join(work, name))).includes(SECRET)) leaked.push(name);
  expect({ leaked, hits: internal.hits.slice(before) }).toEqual({ leaked: [], hits: [] });
  return error instanceof LinkError ? error.message : null;
}

describe.skipIf(!existsSync(DEFAULT_YT_DLP))("link imports that try to reach an internal host", () => {
  const variants: [string, () => string, RegExp | null][] = [
    [
      "a smuggled `Ytdl-request-proxy: __noproxy__` in the link's fragment, a manifest segment on the metadata service",
      () => `${manifest(internal.metadataUrl, "video/mpd")}${SMUGGLE}`,
      /__youtubedl_smuggle/,
    ],
    [
      "the same smuggled header added by a redirect",
      () => `${site.url}/smuggle?${segs(wrapped(internal.metadataUrl))}`,
      // today's yt-dlp ignores the smuggled headers and fetches this "video/mpd" as a file (which the
      // upload's checks then refuse): whatever the outcome, nothing of the internal host's
      null,
    ],
    ["a manifest segment on an internal ftp:// service", () => manifest(internal.ftpUrl), /ftp/],
    [
      "a manifest segment on the internal HTTP service",
      () => manifest(internal.metadataUrl),
      /127\.0\.0\.2 is a private address/,
    ],
    [
      "a manifest segment that redirects to the internal HTTP service",
      () => manifest(redirect(internal.metadataUrl)),
      /127\.0\.0\.2 is a private address/,
    ],
    [
      "a manifest segment that redirects to the internal ftp:// service",
      () => manifest(redirect(internal.ftpUrl)),
      /ftp/,
    ],
    [
      "a page whose video redirects to the internal ftp:// service",
      () => `${site.url}/page.html?src=${enc(redirect(internal.ftpUrl))}`,
      /ftp/,
    ],
  ];
  for (const [what, link, reason] of variants)
    it(what, async () => {
      const why = await failed(link());
      if (reason) expect(why).toMatch(reason);
    });
});
