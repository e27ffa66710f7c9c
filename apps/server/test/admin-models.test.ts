// The console's Engines page lists the catalogue's models: those installed where the engines read them
// (MODELS_DIR first, then the checkout's shared folder the setup fills), with their disk use, and those not.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { SHARED_MODELS_DIR } from "@dubbing/dubbing/asr/faster-whisper.ts";
import { CATALOGUE } from "@dubbing/dubbing/models/catalog.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

const tmp = tempFolder("dub-admin-models-");
const BOSS = "boss@example.com";

describe.each(MODES)("the console's models (%s)", (mode) => {
  let ts: TestServer;
  let modelsDir: string;
  beforeAll(async () => {
    modelsDir = path.join(tmp.path, mode);
    // a complete install in MODELS_DIR (its manifest written last) and an interrupted one
    await mkdir(path.join(modelsDir, "tiny.en"), { recursive: true });
    await writeFile(path.join(modelsDir, "tiny.en", "model.bin"), Buffer.alloc(1000));
    await writeFile(path.join(modelsDir, "tiny.en", "manifest.json"), "{}");
    await mkdir(path.join(modelsDir, ".partial", "base"), { recursive: true });
    await writeFile(path.join(modelsDir, ".partial", "base", "model.bin"), Buffer.alloc(500));
    ts = await startTestServer(mode, { ADMIN_EMAILS: BOSS, MODELS_DIR: modelsDir });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("lists every catalogue model, installed or not, with its disk use", async () => {
    const boss = await ts.signIn(BOSS);
    const res = await api(ts.baseUrl, boss.cookie, "GET", "/api/admin/models");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.models.map((m: { id: string }) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual(CATALOGUE.map((m) => m.id).sort());
    // MODELS_DIR comes first: its copy is the one counted
    expect(byId.get("tiny.en")).toMatchObject({
      engine: "faster-whisper",
      languages: ["en"],
      verified: true,
      installed: true,
      diskBytes: 1002,
    });
    const sharedBase = existsSync(path.join(SHARED_MODELS_DIR, "base", "manifest.json"));
    expect(byId.get("base")).toMatchObject({
      installed: sharedBase,
      verified: true,
      ...(sharedBase ? {} : { diskBytes: 500 }),
    });
    const sum = res.body.models.reduce((s: number, m: { diskBytes: number }) => s + m.diskBytes, 0);
    expect(res.body.diskBytes).toBe(sum);
  });

  it("does not exist for a user who is not an admin", async () => {
    const user = await ts.signIn();
    expect((await api(ts.baseUrl, user.cookie, "GET", "/api/admin/models")).status).toBe(404);
  });
});
