import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnFfmpeg } from "./spawn.ts";

const ROOT = join(import.meta.dirname, "../../../..");
const HOME = "packages/dubbing/src/media/spawn.ts";

/** Every source file of the apps and packages that runs in the service (tests and test helpers aside). */
function sourceFiles(): string[] {
  const roots = ["apps", "packages"].flatMap((top) =>
    readdirSync(join(ROOT, top)).map((name) => join(ROOT, top, name, "src")),
  );
  return roots.flatMap((root) => {
    try {
      return readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)testing\//.test(f))
        .map((f) => relative(ROOT, join(root, f)));
    } catch {
      return [];
    }
  });
}

/** A program name as code, not prose: the binaries' constants and variables, or a literal that is one. */
const NAMES_THE_PROGRAM = /\bFF(MPEG|PROBE)(_PATH)?\b|(["'`])(?:[^"'`\n]*\/)?ff(?:mpeg|probe)\3/;

describe("every start of ffmpeg and ffprobe", () => {
  it("is in media/spawn.ts, which puts the protocol allow-list before every input", () => {
    const files = sourceFiles();
    expect(files).toContain(HOME);
    expect(files).toContain("apps/server/src/translations/service.ts");
    const elsewhere = files.filter(
      (file) => file !== HOME && NAMES_THE_PROGRAM.test(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(elsewhere, "files that name ffmpeg or ffprobe as a program to run").toEqual([]);
    // in spawn.ts itself, each start passes its arguments through fileInputsOnly
    const home = readFileSync(join(ROOT, HOME), "utf8");
    const starts = [...home.matchAll(/\b(spawn|execFile)\(\s*(\w+),\s*([^,]+),/g)];
    expect(starts.map((m) => m[1])).toEqual(["spawn", "spawn", "execFile"]);
    for (const [, , , args] of starts) expect(args).toMatch(/^fileInputsOnly\(/);
  });
});

describe("spawnFfmpeg", () => {
  let requests = 0;
  const server = createServer((_, res) => {
    requests++;
    res.end("not audio");
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("never opens a URL given as an input", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a.wav`;
    const child = spawnFfmpeg(["-v", "error", "-i", url, "-f", "null", "-"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/not on whitelist/);
    expect(requests).toBe(0);
  });
});
