// The whole service flow on a 5-minute two-speaker video, through the HTTP API of a real server process
// (embedded mode): upload → transcript, then translate and dub → downloadable MP4. Prints the times.
// Usage: node bench/service/run.ts [--language es]
import { spawn } from "node:child_process";
import { openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../../apps/server/src/auth/sessions.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { fiveMinuteScript } from "../pipeline/script.ts";

const { values } = parseArgs({ options: { language: { type: "string", default: "es" } } });
const language = values.language!;
const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-service-"));
console.log("building a 5-minute two-speaker video…");
const { video, durationMs } = makeDialogue(dir, fiveMinuteScript(), { name: "five", width: 1280 });

const database = await openDatabase({ dataDir: dir });
const user = await findOrCreateUser(database.db, "bench@example.com");
const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
await database.close();

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  [
    // as `make start` runs it (Makefile SERVER_NODE_FLAGS)
    "--max-semi-space-size=1",
    path.resolve(import.meta.dirname, "../../apps/server/src/main.ts"),
  ],
  {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
try {
  for (
    let i = 0;
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 600) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body !== undefined && { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Record<string, any>;
  };

  const t0 = performance.now();
  const form = new FormData();
  form.set("title", "Bench");
  form.set("video", await openAsBlob(video), "five.mp4");
  const created = (await (
    await fetch(`${base}/api/video/process`, { method: "POST", body: form, headers: { cookie } })
  ).json()) as {
    _id: string;
  };
  let project: Record<string, any> = {};
  while (project.status !== "ready") {
    project = await call("GET", `/api/video/${created._id}`);
    if (project.status === "failed") throw new Error(project.statusMessage);
    await new Promise((r) => setTimeout(r, 200));
  }
  const toTranscript = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  const translated = await call(
    "POST",
    `/api/video/${created._id}/translate`,
    { language },
    { prefer: "wait=600" },
  );
  const toTranslation = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const dubbed = await call("POST", `/api/video/${created._id}/dub`, { language }, { prefer: "wait=600" });
  const mp4 = await fetch(`${base}${dubbed.dubVideoUrl}`);
  const bytes = (await mp4.arrayBuffer()).byteLength;
  const toMp4 = (performance.now() - t2) / 1000;

  console.log(
    `video                     ${(durationMs / 1000).toFixed(0)} s, 1280 px, ${project.transcript.length} segments, ${project.speakers.length} speakers`,
  );
  console.log(`upload → transcript       ${toTranscript.toFixed(1)} s`);
  console.log(
    `translate (${language})            ${toTranslation.toFixed(1)} s (${translated.status}, ${translated.engine})`,
  );
  console.log(
    `dub request → MP4         ${toMp4.toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(1)} MiB downloaded)`,
  );
  console.log(`realtime factor (dub)     ${(toMp4 / (durationMs / 1000)).toFixed(3)}`);
} finally {
  server.kill("SIGTERM");
  await rm(dir, { recursive: true, force: true });
}
