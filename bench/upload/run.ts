// Streams a large generated video through POST /api/video/process and prints throughput and the
// server's memory before and during the upload. Usage: node bench/upload/run.ts [sizeMiB=2048]
// With DATABASE_URL set, the server runs in scale-out mode against that PostgreSQL.
import { execFileSync, spawn } from "node:child_process";
import { createReadStream, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createSession, findOrCreateUser, SESSION_COOKIE } from "../../apps/server/src/auth/sessions.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";

const sizeMiB = Number(process.argv[2] ?? 2048);
const dir = await mkdtemp(path.join(os.tmpdir(), "dub-bench-upload-"));
const file = path.join(dir, "big.mkv");

// Raw 1080p frames are ~3 MiB each, so a valid video of any size is quick to make.
const frames = Math.ceil((sizeMiB * 1024 * 1024) / (1920 * 1080 * 1.5));
console.log(`generating a ${sizeMiB} MiB raw 1080p video (${frames} frames)…`);
execFileSync("ffmpeg", [
  "-v",
  "error",
  "-y",
  "-f",
  "lavfi",
  "-i",
  `testsrc=size=1920x1080:rate=25`,
  "-frames:v",
  String(frames),
  "-c:v",
  "rawvideo",
  "-pix_fmt",
  "yuv420p",
  file,
]);
const size = statSync(file).size;

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: dir });
const user = await findOrCreateUser(database.db, "bench@example.com");
const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id)}`;
await database.close();

const port = 18_190;
const server = spawn(
  process.execPath,
  [
    // as `make start` runs it (Makefile SERVER_NODE_FLAGS)
    "--max-semi-space-size=1",
    path.resolve(import.meta.dirname, "../../apps/server/src/main.ts"),
  ],
  {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: "warn", ROLES: "api" },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
for (let i = 0; ; i++) {
  if (
    await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 600) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 100));
}
const rssBefore = memory(server.pid!, "VmRSS");
// Sample the resident set while the upload streams: its peak is what the upload costs.
let uploadPeak = rssBefore;
const sampler = setInterval(() => {
  uploadPeak = Math.max(uploadPeak, memory(server.pid!, "VmRSS"));
}, 50);

const boundary = "----bench";
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench\r\n--${boundary}\r\n` +
    `Content-Disposition: form-data; name="video"; filename="big.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const started = performance.now();
const status = await new Promise<number>((resolve, reject) => {
  const req = http.request({
    host: "127.0.0.1",
    port,
    path: "/api/video/process",
    method: "POST",
    headers: {
      cookie,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": head.length + size + tail.length,
    },
  });
  req.on("response", (res) => {
    res.resume();
    res.on("end", () => resolve(res.statusCode ?? 0));
  });
  req.on("error", reject);
  req.write(head);
  const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
  stream.pipe(req, { end: false });
  stream.on("end", () => req.end(tail));
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const startupPeak = memory(server.pid!, "VmHWM");
server.kill("SIGTERM");

console.log(`status            ${status}`);
console.log(`uploaded          ${(size / 1024 / 1024).toFixed(0)} MiB in ${seconds.toFixed(2)} s`);
console.log(
  `throughput        ${(size / 1024 / 1024 / seconds).toFixed(0)} MiB/s (includes ffprobe and the move into storage)`,
);
console.log(`server RSS        ${rssBefore} MiB before, ${uploadPeak} MiB peak during the upload`);
console.log(`server VmHWM      ${startupPeak} MiB (the process's all-time peak, start-up included)`);
await rm(dir, { recursive: true, force: true });

function memory(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}
