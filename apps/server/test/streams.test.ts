// Long-lived requests are bounded: a user's progress streams are capped (the oldest goes) and end
// with the session or the key, or when their user leaves the project's workspace (in every process).
import { once } from "node:events";
import { mkdtemp, readFile } from "node:fs/promises";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceMembers } from "../src/db/schema.ts";
import { makeVideo, tempFolder } from "./fixtures.ts";
import { MODES, startServerOn, startTestServer, type TestServer } from "./harness.ts";
import { api, upload } from "./http.ts";

const tmp = tempFolder("dub-streams-");

describe.each(MODES)("progress streams (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  /** Opens a project's event stream; `ended` settles when the server closes it. */
  async function open(cookie: string, id: string, key?: string) {
    const controller = new AbortController();
    const res = await fetch(`${ts.baseUrl}/api/video/${id}/events`, {
      headers: key
        ? { authorization: `Bearer ${key}`, accept: "text/event-stream" }
        : { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })().catch(() => true);
    return { ended, abort: () => controller.abort() };
  }
  const endsWithin = (ended: Promise<boolean>, ms: number) =>
    Promise.race([ended, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

  it("closes the oldest stream when a user opens a sixth", async () => {
    const { cookie } = await ts.signIn();
    const id = (await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4"), "Streams")).body._id;
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await open(cookie, id));
    expect(await endsWithin(streams[0]!.ended, 300)).toBe(false);
    streams.push(await open(cookie, id));
    expect(await endsWithin(streams[0]!.ended, 5000)).toBe(true);
    expect(await endsWithin(streams[1]!.ended, 300)).toBe(false);
    for (const s of streams) s.abort();
  });

  it("ends a stream when its user signs out", async () => {
    const { cookie } = await ts.signIn();
    const id = (await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4"), "Sign-out")).body._id;
    const stream = await open(cookie, id);
    expect((await api(ts.baseUrl, cookie, "PUT", "/api/auth/logout")).status).toBe(204);
    expect(await endsWithin(stream.ended, 5000)).toBe(true);
  });

  it("keeps a stream opened with an API key past its credential check, and ends it at once when the key is revoked", async () => {
    const { cookie } = await ts.signIn();
    const id = (await upload(ts.baseUrl, cookie, makeVideo(tmp.path, "mp4"), "Key stream")).body._id;
    const made = await api(ts.baseUrl, cookie, "POST", "/api/account/keys", {
      name: "stream",
      scope: "read",
    });
    const stream = await open("", id, made.body.secret);
    // Anyone's sign-out has every stream check its credential again: this one was closed at its first check
    // when that read a cookie.
    const passerby = await ts.signIn();
    expect((await api(ts.baseUrl, passerby.cookie, "PUT", "/api/auth/logout")).status).toBe(204);
    expect(await endsWithin(stream.ended, 1500)).toBe(false);
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/account/keys/${made.body.key.id}`)).status).toBe(
      204,
    );
    // well before the stream's own 10 s check: the database's notification ends it
    expect(await endsWithin(stream.ended, 3000)).toBe(true);
  });

  it("ends a removed member's stream on a workspace project at once, in another API process too", async () => {
    const owner = await ts.signIn();
    const member = await ts.signIn();
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Studio" })).body
      .id;
    const form = new FormData();
    form.set("title", "Shared");
    form.set("video", new Blob([await readFile(makeVideo(tmp.path, "mp4"))]), "clip.mp4");
    const made = await fetch(`${ts.baseUrl}/api/video/process?workspaceId=${shared}`, {
      method: "POST",
      body: form,
      headers: { cookie: owner.cookie },
    });
    const id = ((await made.json()) as { _id: string })._id;
    await ts.server.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: shared, userId: member.userId, role: "viewer" });
    // scale-out: the member watches through a second API process on the same database
    const database = ts.server.database;
    const other =
      database.kind === "postgres"
        ? await startServerOn(await mkdtemp(path.join(tmp.path, "other-")), {
            DATABASE_URL: database.url,
            ROLES: "api",
          })
        : null;
    try {
      const watched = other ?? ts;
      const controller = new AbortController();
      const res = await fetch(`${watched.baseUrl}/api/video/${id}/events`, {
        headers: { cookie: member.cookie, accept: "text/event-stream" },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const ended = (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })().catch(() => true);
      expect(await endsWithin(ended, 300)).toBe(false);
      const removed = await api(
        ts.baseUrl,
        owner.cookie,
        "DELETE",
        `/api/workspaces/${shared}/members/${member.userId}`,
      );
      expect(removed.status).toBe(204);
      // well before the stream's own 10 s check: only the database's notification can end it this soon
      expect(await endsWithin(ended, 3000)).toBe(true);
      controller.abort();
    } finally {
      await other?.close();
    }
  });
});

describe("a stopping server", () => {
  // Node waits out a request whose headers never end for its 60 s headers timeout; the stop cuts it after
  // a few seconds (CLOSE_GRACE_MS), long before this test's own limit.
  it("cuts a client that never finishes sending its request instead of waiting it out", async () => {
    const ts = await startTestServer("embedded");
    const url = new URL(ts.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    await once(socket, "connect");
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${url.host}\r\n`);
    const closed = once(socket, "close");
    await ts.close();
    await closed;
  }, 30_000);
});
