// Builds test/upgrade/release-1: the data of the first release that had migrations (c1bc237), made by
// that release's own code. Run by make-release-1.sh inside a checkout of that commit (a temporary git
// worktree); not imported by any test. Usage: node make-release-1.ts DATABASE_URL OUT_DIR
// @ts-nocheck -- its imports are the old release's files, which exist only in that checkout
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
// these paths are the old release's (the script is copied into its checkout)
import { createSession, findOrCreateUser } from "./apps/server/src/auth/sessions.ts";
import { loadConfig } from "./apps/server/src/config.ts";
import { startServer } from "./apps/server/src/server.ts";

const [databaseUrl, outDir] = process.argv.slice(2);
if (!databaseUrl || !outDir) throw new Error("usage: make-release-1.ts DATABASE_URL OUT_DIR");

const config = loadConfig({ DATA_DIR: outDir, DATABASE_URL: databaseUrl, PORT: "0", LOG_LEVEL: "silent" });
const server = await startServer(config);
const address = server.app!.server.address() as { port: number };
const base = `http://127.0.0.1:${address.port}`;

// The session's times are set far ahead so that the fixture's cookie stays valid whenever the test runs
// (the release checks a 30-day lifetime and a 7-day idle limit from these columns).
const user = await findOrCreateUser(server.database.db, "early-adopter@example.com");
const token = await createSession(server.database.db, user.id, new Date("2099-01-01T00:00:00Z"));
const cookie = `dub_session=${token}`;

const video = path.join(outDir, "first-video.mp4");
execFileSync("ffmpeg", [
  ...["-hide_banner", "-nostdin", "-y", "-loglevel", "error"],
  ...["-f", "lavfi", "-i", "testsrc=size=160x120:rate=10:duration=1"],
  ...["-f", "lavfi", "-i", "sine=frequency=440:duration=1"],
  ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", video],
]);
const form = new FormData();
form.set("title", "My first video");
form.set("video", new Blob([readFileSync(video)]), "first-video.mp4");
const created = await fetch(`${base}/api/video/process`, { method: "POST", body: form, headers: { cookie } });
const { _id: id } = (await created.json()) as { _id: string };
for (;;) {
  const project = (await (await fetch(`${base}/api/video/${id}`, { headers: { cookie } })).json()) as {
    status: string;
    statusMessage?: string;
  };
  if (project.status === "ready") break;
  if (project.status === "failed") throw new Error(project.statusMessage);
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const edited = await fetch(`${base}/api/video/${id}`, {
  method: "PUT",
  headers: { cookie, "content-type": "application/json" },
  body: JSON.stringify({
    speakers: [{ id: "s1", name: "Host", selectedVoice: "en-US-1" }],
    transcript: [
      { speaker: "s1", text: "Hello from the first release.", start: 0, end: 600 },
      { speaker: "s1", text: "Still here after the upgrade.", start: 600, end: 1000 },
    ],
  }),
});
if (!edited.ok) throw new Error(`PUT: ${edited.status} ${await edited.text()}`);
await server.stop();
writeFileSync(
  path.join(outDir, "release.json"),
  `${JSON.stringify({ commit: "c1bc237", email: user.email, userId: user.id, cookie, projectId: id }, null, 2)}\n`,
);
