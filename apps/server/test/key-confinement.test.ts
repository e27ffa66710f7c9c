// An API key made for one workspace reaches only that workspace (#56): walked over EVERY operation of the
// published document with a read-and-write key of a shared workspace W, whose maker also has a personal
// workspace P full of work. Nothing of P (a project, its translation, a voice of My voices, a storyboard, a
// webhook, the glossary) appears in any answer, and nothing of P or of the account changes.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKeys,
  dataExports,
  myVoices,
  projects,
  storyboards,
  translations,
  webhookEndpoints,
  workspaceMembers,
  workspaces,
} from "../src/db/schema.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** What fills a path's parameters other than `{id}`. */
const PARAMS = new Map([
  ["language", "es"],
  ["file", "original.srt"],
  ["target", "es"],
  ["index", "0"],
  ["speakerId", "s1"],
  ["slug", "x"],
]);

describe.each(MODES)("an API key stays in its workspace (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("walks every operation with a key of W: nothing of the maker's personal workspace is read or written", async () => {
    const db = ts.server.database.db;
    const mark = crypto.randomUUID().slice(0, 8);
    const owner = await ts.signIn(`walker-${mark}@example.com`);
    const personal = (await api(ts.baseUrl, owner.cookie, "GET", "/api/workspaces")).body.workspaces[0].id;
    const shared = (await api(ts.baseUrl, owner.cookie, "POST", "/api/workspaces", { name: "Agency" })).body
      .id;
    const made = await api(ts.baseUrl, owner.cookie, "POST", `/api/account/keys?workspaceId=${shared}`, {
      name: "W only",
      scope: "read+write",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = { authorization: `Bearer ${made.body.secret}` };

    // the personal workspace's work, each with a name found nowhere else
    const secret = `Personal-${mark}`;
    const project = async (workspaceId: string, title: string) => {
      const [row] = await db
        .insert(projects)
        .values({
          userId: owner.userId,
          workspaceId,
          title,
          status: "ready",
          originalKey: "x",
          originalName: "x.mp4",
          sizeBytes: 1,
          durationMs: 5000,
        })
        .returning();
      await db.insert(translations).values({
        projectId: row!.id,
        language: "es",
        status: "translated",
        transcript: [{ speaker: "s1", text: `${title} hola`, start: 0, end: 1000 }],
      });
      return row!.id;
    };
    const mine = await project(personal, secret);
    const theirs = await project(shared, `Shared-${mark}`);
    const [voice] = await db
      .insert(myVoices)
      .values({
        userId: owner.userId,
        workspaceId: personal,
        kind: "preset",
        name: `${secret}-voice`,
        voice: "en-US-AvaMultilingualNeural",
        style: { match: true },
      })
      .returning();
    const board = (
      await api(ts.baseUrl, owner.cookie, "POST", `/api/storyboard?workspaceId=${personal}`, {
        title: `${secret}-board`,
        transcript: "One frame of the personal story.",
      })
    ).body;
    expect(board._id).toBeTruthy();
    const [hook] = await db
      .insert(webhookEndpoints)
      .values({
        userId: owner.userId,
        workspaceId: personal,
        url: `https://example.com/${secret}`,
        secret: "s",
        events: ["project.ready"],
        enabled: false,
      })
      .returning();
    await db
      .update(workspaces)
      .set({ glossary: [{ term: `${secret}-term`, keep: true }] })
      .where(eq(workspaces.id, personal));
    const markers = [mine, secret, voice!.id, board._id as string, hook!.id];

    /** Everything of P and of the account a write could change. */
    const snapshot = async () =>
      JSON.stringify([
        await db.select().from(workspaces).where(eq(workspaces.id, personal)),
        await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, personal)),
        await db.select().from(projects).where(eq(projects.workspaceId, personal)),
        await db
          .select()
          .from(translations)
          .where(inArray(translations.projectId, [mine])),
        await db.select().from(myVoices).where(eq(myVoices.workspaceId, personal)),
        await db.select().from(storyboards).where(eq(storyboards.workspaceId, personal)),
        await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, personal)),
        await db.select().from(dataExports).where(eq(dataExports.userId, owner.userId)),
        // the keys, less when the walking one was last used
        await db
          .select({
            id: apiKeys.id,
            workspaceId: apiKeys.workspaceId,
            scope: apiKeys.scope,
            until: apiKeys.expiresAt,
          })
          .from(apiKeys)
          .where(eq(apiKeys.userId, owner.userId)),
      ]);
    const before = await snapshot();

    const document = (await api(ts.baseUrl, null, "GET", "/api/openapi.json")).body;
    /** `{id}` of a path: the personal workspace's thing, or the shared one's (reads only). */
    const ids = (side: "P" | "W") =>
      new Map([
        ["/api/video", side === "P" ? mine : theirs],
        ["/api/storyboard", side === "P" ? (board._id as string) : "00000000-0000-4000-8000-000000000000"],
        ["/api/voices/mine", side === "P" ? voice!.id : "00000000-0000-4000-8000-000000000000"],
        ["/api/webhooks", side === "P" ? hook!.id : "00000000-0000-4000-8000-000000000000"],
        ["/api/workspaces", side === "P" ? personal : shared],
        ["/api/account/keys", made.body.key.id],
      ]);
    const fill = (path: string, side: "P" | "W") =>
      path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === "id"
          ? ([...ids(side)].find(([prefix]) => path.startsWith(prefix))?.[1] ?? "x")
          : name === "userId"
            ? owner.userId
            : (PARAMS.get(name) ?? "00000000-0000-4000-8000-000000000000"),
      );
    const calls: { method: string; url: string }[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>))
      for (const method of METHODS) {
        if (!item[method]) continue;
        const upper = method.toUpperCase();
        // every method against P's things, and with P named as the workspace; W's things are only read
        const p = fill(path, "P");
        calls.push({ method: upper, url: p }, { method: upper, url: `${p}?workspaceId=${personal}` });
        if (upper === "GET") calls.push({ method: upper, url: fill(path, "W") });
      }
    expect(calls.length).toBeGreaterThan(250);

    const reached: string[] = [];
    for (const { method, url } of calls) {
      const abort = new AbortController();
      const res = await fetch(`${ts.baseUrl}${url}`, {
        method,
        headers: { ...key, ...(method !== "GET" && { "content-type": "application/json" }) },
        body: method === "GET" ? undefined : "{}",
        signal: abort.signal,
      });
      // a progress stream stays open: its first event is enough
      const text = res.headers.get("content-type")?.includes("event-stream")
        ? await firstChunk(res)
        : await res.text();
      abort.abort();
      const what = `${method} ${url} → ${res.status}`;
      // no 5xx but a feature this server has not configured (Stripe's: billing_unavailable)
      if (res.status >= 500) expect(text, what).toMatch(/^\{"error":\{"code":"\w+_unavailable"/);
      for (const marker of markers) expect(text.includes(marker), `${what} answered ${marker}`).toBe(false);
      if (res.status < 300) reached.push(`${method} ${url}`);
    }
    // the account as a whole (its address, sign-in methods, export, billing, the owner's usage of every
    // workspace they own) is refused, not answered
    expect(
      reached.filter((c) =>
        /^\w+ \/api\/(account(\/export|\?|$)|stripe\/(subscription|checkout|portal)|usage)/.test(c),
      ),
    ).toEqual([]);
    // the key works where it should: W's project and its translations were read
    expect(reached).toContain(`GET /api/video/${theirs}`);
    expect(reached).toContain(`GET /api/video/${theirs}/translations`);
    const after = await snapshot();
    const tables = [
      "workspace",
      "members",
      "projects",
      "translations",
      "voices",
      "storyboards",
      "webhooks",
      "exports",
      "keys",
    ];
    const [was, now] = [JSON.parse(before), JSON.parse(after)];
    for (const [i, name] of tables.entries()) expect(now[i], `${name} of P changed`).toEqual(was[i]);
  }, 180_000);
});

async function firstChunk(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(value ?? new Uint8Array());
}
