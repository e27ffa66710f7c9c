import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download } from "../jobs/storyboard.ts";
import { allowedImageHosts, PexelsProvider } from "./images.ts";

/** A local server speaking the part of Pexels' API we use: GET /v1/search with the key in Authorization. */
let server: http.Server;
let base: string;
let dir: string;
const calls: { query: string | null; perPage: string | null; auth: string | undefined }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pexels-"));
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/v1/search") {
      calls.push({
        query: url.searchParams.get("query"),
        perPage: url.searchParams.get("per_page"),
        auth: req.headers.authorization,
      });
      if (req.headers.authorization !== "test-pexels-key") {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":"bad key"}');
        return;
      }
      if (url.searchParams.get("query") === "busy") {
        res.writeHead(429, { "content-type": "application/json" }).end('{"error":"rate limit"}');
        return;
      }
      const n = Number(url.searchParams.get("per_page") ?? 15);
      const photos = Array.from({ length: n }, (_, i) => ({
        id: 1000 + i,
        width: 4000,
        height: 3000,
        url: `https://www.pexels.com/photo/${1000 + i}/`,
        photographer: "Test Photographer",
        photographer_url: "https://www.pexels.com/@test",
        photographer_id: 7,
        avg_color: "#336699",
        alt: `${url.searchParams.get("query")} ${i}`,
        src: {
          original: `${base}/photos/${1000 + i}/original.jpeg`,
          large2x: `${base}/photos/${1000 + i}/large2x.jpeg`,
          large: `${base}/photos/${1000 + i}/large.jpeg`,
          medium: `${base}/photos/${1000 + i}/medium.jpeg`,
          small: `${base}/photos/${1000 + i}/small.jpeg`,
          portrait: `${base}/photos/${1000 + i}/portrait.jpeg`,
          landscape: `${base}/photos/${1000 + i}/landscape.jpeg`,
          tiny: `${base}/photos/${1000 + i}/tiny.jpeg`,
        },
        liked: false,
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          page: 1,
          per_page: n,
          photos,
          total_results: 500,
          next_page: `${base}/v1/search?page=2`,
        }),
      );
      return;
    }
    if (url.pathname.startsWith("/photos/")) {
      res.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.from("JPEGBYTES"));
      return;
    }
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: "http://169.254.169.254/latest" }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

describe("PexelsProvider", () => {
  it("searches with the key in Authorization and maps photos[].src.medium", async () => {
    const images = await new PexelsProvider("test-pexels-key", base).search("red car", 4);
    expect(calls.at(-1)).toEqual({ query: "red car", perPage: "4", auth: "test-pexels-key" });
    expect(images).toHaveLength(4);
    expect(images[0]).toEqual({
      id: 1000,
      medium: `${base}/photos/1000/medium.jpeg`,
      large: `${base}/photos/1000/large2x.jpeg`,
      alt: "red car 0",
      photographer: "Test Photographer",
      photographerUrl: "https://www.pexels.com/@test",
      url: "https://www.pexels.com/photo/1000/",
      width: 4000,
      height: 3000,
      source: "pexels",
    });
  });

  it("turns refusals into image_search_failed", async () => {
    await expect(new PexelsProvider("wrong", base).search("x", 2)).rejects.toMatchObject({
      code: "image_search_failed",
      status: 502,
    });
    await expect(new PexelsProvider("test-pexels-key", base).search("busy", 2)).rejects.toThrow(/too many/);
    await expect(new PexelsProvider("k", "http://127.0.0.1:1").search("x", 2)).rejects.toMatchObject({
      code: "image_search_failed",
    });
  });
});

describe("image download for videos", () => {
  it("downloads from allowed hosts only, without following redirects", async () => {
    const hosts = allowedImageHosts(base);
    const file = path.join(dir, "a.jpeg");
    expect(await download(`${base}/photos/1/large2x.jpeg`, file, hosts)).toBe(true);
    expect(await readFile(file, "utf8")).toBe("JPEGBYTES");
    expect(await download(`${base}/redirect`, path.join(dir, "b"), hosts)).toBe(false);
    expect(await download(`${base}/photos/1/x.jpeg`, path.join(dir, "c"), allowedImageHosts(undefined))).toBe(
      false,
    );
    expect(await download("file:///etc/passwd", path.join(dir, "d"), hosts)).toBe(false);
  });
});
