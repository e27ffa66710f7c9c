import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

describe.each(MODES)("blog (%s)", (mode) => {
  let ts: TestServer;
  let extra: TestServer;
  let dir: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
    await extra?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("lists the posts from the repository, newest first, without a session", async () => {
    const res = await api(ts.baseUrl, null, "GET", "/api/blog");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    for (const post of res.body) {
      expect(Object.keys(post)).toEqual(
        expect.arrayContaining(["title", "slug", "author", "publicationDate", "content", "html"]),
      );
      expect(post.content.length).toBeGreaterThan(1500);
      expect(post.html).toContain("<h2>");
    }
    const dates = res.body.map((p: { publicationDate: string }) => p.publicationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("serves one post by slug and 404s a missing one", async () => {
    const res = await api(ts.baseUrl, null, "GET", "/api/blog/preparing-your-video-for-ai-dubbing");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Preparing Your Video for AI Dubbing: A Practical Checklist",
      author: "Daniel Okafor",
      publicationDate: "2026-10-02",
    });
    const missing = await api(ts.baseUrl, null, "GET", "/api/blog/no-such-post");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("post_not_found");
  });

  it("renders a post's Markdown with raw HTML escaped", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "blog-"));
    await writeFile(
      path.join(dir, "x.md"),
      "---\ntitle: Hostile\nslug: hostile\nauthor: Eve\npublicationDate: 2026-01-01\n---\n\n" +
        "Hello <script>alert(1)</script> [x](javascript:alert(1))\n",
    );
    extra = await startTestServer(mode, { BLOG_DIR: dir });
    const res = await api(extra.baseUrl, null, "GET", "/api/blog/hostile");
    expect(res.body.content).toContain("<script>");
    expect(res.body.html).not.toContain("<script>");
    expect(res.body.html).not.toContain("javascript:");
    expect(res.body.html).toContain("&lt;script&gt;");
  });
});
