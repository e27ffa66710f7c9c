import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEXELS_TEST_KEY, type PexelsStandIn, startPexelsStandIn } from "../../test/pexels.ts";
import { download } from "../workers/storyboard.ts";
import { allowedImageHosts, PexelsProvider } from "./images.ts";

let pexels: PexelsStandIn;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pexels-"));
  pexels = await startPexelsStandIn();
  base = pexels.baseUrl;
});
afterAll(async () => {
  await pexels.close();
  await rm(dir, { recursive: true, force: true });
});

describe("PexelsProvider", () => {
  it("searches with the key in Authorization and maps photos[].src.medium", async () => {
    const images = await new PexelsProvider(PEXELS_TEST_KEY, base).search("red car", 4);
    expect(pexels.calls.at(-1)).toEqual({ query: "red car", perPage: "4", auth: PEXELS_TEST_KEY });
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
    await expect(new PexelsProvider(PEXELS_TEST_KEY, base).search("busy", 2)).rejects.toThrow(/too many/);
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
