import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { freePort } from "./harness.ts";
import { eventually } from "./http.ts";

const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
const tmp = tempFolder("dub-logs-");

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  jobId?: string;
  kind?: string;
  projectId?: string;
  [key: string]: unknown;
}

describe("JSON logs with request and job ids", () => {
  let child: ChildProcess;
  let baseUrl: string;
  const lines: Line[] = [];
  const other: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATA_DIR: path.join(tmp.path, "data"),
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        S3_BUCKET: "",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let rest = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts.filter(Boolean)) {
        try {
          lines.push(JSON.parse(part));
        } catch {
          other.push(part);
        }
      }
    });
    await eventually("the server", () => fetch(`${baseUrl}/api/health`).then((r) => r.ok), 240_000, {
      tolerateErrors: true,
    });
  }, 250_000); // a fresh embedded database on disk: initdb and every migration (slow on a busy machine)
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("gives every line of a request its id, also lines the app logs while handling it, and answers it", async () => {
    const config = await (await fetch(`${baseUrl}/api/config`)).json();
    const token = config.identity.publicToken as string;
    const res = await fetch(`${baseUrl}/sdk/v1/magic_links/email/login_or_create`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${token}:${token}`).toString("base64")}`,
        "content-type": "application/json",
        // a client's own id is not taken without a trusted proxy in front
        "x-request-id": "client-chosen-id-123",
      },
      body: JSON.stringify({ email: "logged@example.com", login_magic_link_url: `${baseUrl}/api/stytch` }),
    });
    expect(res.status).toBe(200);
    const reqId = res.headers.get("x-request-id")!;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await eventually("the request's lines", async () => {
      const found = lines.filter((l) => l.reqId === reqId);
      return found.some((l) => l.msg === "request completed") ? found : null;
    });
    // the dev mailbox's line is written by app code deep in the handler, without a logger passed to it
    expect(mine.map((l) => l.msg)).toEqual(["incoming request", "dev mailbox", "request completed"]);
    expect(mine[1]).toMatchObject({ to: "logged@example.com" });
  });

  it("gives every line of a job its job id, kind and project", async () => {
    // a job needs a signed-in upload: use the dev mailbox's link from the log
    const link = lines.find((l) => l.msg === "dev mailbox")!.text as string;
    const url = /https?:\/\/\S+token=\S+/.exec(link)![0];
    const confirm = await fetch(url, { redirect: "manual" });
    const nonce = /dub_confirm=[^;]+/.exec(confirm.headers.get("set-cookie") ?? "")![0];
    const html = await confirm.text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!;
    const signedIn = await fetch(url.split("?")[0]!, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: nonce },
      body: new URLSearchParams({ token: field("token"), confirm: field("confirm") }),
    });
    const cookie = /dub_session=[^;]+/.exec(signedIn.headers.get("set-cookie") ?? "")![0];
    const form = new FormData();
    form.set("title", "Logged");
    form.set("video", new Blob([await readFile(makeVideo(tmp.path, "mp4", { seconds: 1 }))]), "clip.mp4");
    const created = await fetch(`${baseUrl}/api/video/process`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    const { _id: projectId } = await created.json();
    const ingest = await eventually("the ingest job's lines", async () => {
      const found = lines.filter((l) => l.kind === "ingest" && l.projectId === projectId);
      return found.some((l) => l.msg === "job done") ? found : null;
    });
    expect(ingest.map((l) => l.msg)).toEqual(["job started", "job done"]);
    expect(new Set(ingest.map((l) => l.jobId)).size).toBe(1);
    expect(ingest[0]!.jobId).toBeTruthy();
    expect(ingest.every((l) => l.reqId === undefined)).toBe(true);
  });

  it("writes every line as JSON, except the start-up and shutdown notices", () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const line of other) expect(line).toMatch(/^dubbing server \(api\+worker\) ready at /);
  });
});
