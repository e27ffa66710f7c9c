import { readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../../testing/fixtures.ts";
import { directoryClipCache, evictionOrder } from "./clip-cache.ts";

const t = tempDir("dub-clip-cache-");
afterAll(t.cleanup);

describe("evictionOrder", () => {
  it("evicts the least recently used first, only as many as needed", () => {
    const files = [
      { name: "new", bytes: 40, usedMs: 300 },
      { name: "old", bytes: 40, usedMs: 100 },
      { name: "mid", bytes: 40, usedMs: 200 },
    ];
    expect(evictionOrder(files, 120)).toEqual([]);
    expect(evictionOrder(files, 100)).toEqual(["old"]);
    expect(evictionOrder(files, 40)).toEqual(["old", "mid"]);
    expect(evictionOrder(files, 0)).toEqual(["old", "mid", "new"]);
  });
});

describe("directoryClipCache", () => {
  it("keeps the cache under its cap, keeping what was used last", async () => {
    const cache = directoryClipCache(t.dir, 2500);
    for (let k = 0; k < 5; k++) {
      const f = join(t.dir, `c${k}.wav`);
      writeFileSync(f, Buffer.alloc(1000));
      utimesSync(f, new Date(1e12 + k * 1000), new Date(1e12 + k * 1000));
    }
    await cache.touch([join(t.dir, "c0.wav"), join(t.dir, "missing.wav")]);
    expect(await cache.prune()).toEqual({ files: 3, bytes: 3000 });
    expect(readdirSync(t.dir).sort()).toEqual(["c0.wav", "c4.wav"]);
    expect(statSync(join(t.dir, "c0.wav")).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    expect(await cache.prune()).toEqual({ files: 0, bytes: 0 });
  });
});
