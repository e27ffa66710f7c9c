// The container test's client (scripts/container-test.sh): against a running server, signs in by magic
// link from the dev mailbox, uploads a short spoken video, translates and dubs it, downloads the dubbed
// video and checks it with ffprobe; imports the same video by link from a page on a loopback web site
// (the image's yt-dlp); reads /api/openapi.json and /api/docs' bundle; checks that only the operator
// (OPERATOR_EMAIL, in the server's ADMIN_EMAILS) is taken for one by the console.
// Usage: node scripts/container-smoke.ts http://127.0.0.1:PORT WORKDIR
import { execFileSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { startMediaSite } from "../apps/server/test/media-site.ts";

const [baseUrl, workDir] = process.argv.slice(2);
if (!baseUrl || !workDir) throw new Error("usage: container-smoke.ts BASE_URL WORKDIR");
const operator = process.env.OPERATOR_EMAIL;
if (!operator) throw new Error("OPERATOR_EMAIL: the address the server's ADMIN_EMAILS lists");

function step(what: string) {
  console.log(`container-test: ${what}`);
}

async function json(res: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: the answers of several endpoints, each checked where read
  const body = (await res.json()) as any;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function poll<T>(what: string, probe: () => Promise<T | undefined>, seconds = 300): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Sign in as a person would: ask for a link, read it from the dev mailbox, open it in the same browser.
async function signIn(email: string): Promise<string> {
  const { identity } = await json(await fetch(`${baseUrl}/api/config`));
  const basic = Buffer.from(`${identity.publicToken}:${identity.publicToken}`).toString("base64");
  const asked = await fetch(`${baseUrl}/sdk/v1/magic_links/email/login_or_create`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
    body: JSON.stringify({ email, login_magic_link_url: `${baseUrl}/api/stytch` }),
  });
  await json(asked);
  const browser = /dub_link=[^;]+/.exec(asked.headers.get("set-cookie") ?? "")?.[0] ?? "";
  const link = await poll("the sign-in email", async () => {
    const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const mail = html.split("<article>").find((article) => article.includes(`To ${email}`));
    return mail?.match(/href="([^"]*\/api\/stytch\?[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
  });
  const opened = await fetch(link, { redirect: "manual", headers: { cookie: browser } });
  const cookie = /dub_session=[^;]+/.exec(opened.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`the magic link did not sign in (${opened.status})`);
  return cookie;
}

// The API reference: the document, and Swagger UI's bundle from npm (a runtime package the prune keeps).
const described = await json(await fetch(`${baseUrl}/api/openapi.json`));
const bundle = await fetch(`${baseUrl}/api/docs/swagger-ui-bundle.js`);
if (
  !String(described.openapi).startsWith("3.1") ||
  !bundle.ok ||
  (await bundle.arrayBuffer()).byteLength === 0
)
  throw new Error(`the API reference: openapi ${described.openapi}, /api/docs bundle ${bundle.status}`);
step(
  `/api/openapi.json: OpenAPI ${described.openapi}, ${Object.keys(described.paths).length} paths; /api/docs`,
);

const email = `container-${Date.now()}@example.com`;
const cookie = await signIn(email);
const me = await json(await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } }));
step(`signed in as ${me.email ?? email}`);

// The operator's console: the page is the web app's; it shows the not-found page to anyone for whom
// /api/admin/me answers 404, and the console to the operator, for whom it answers the address.
const page = await fetch(`${baseUrl}/admin`, { headers: { cookie } });
if (!page.ok || !(await page.text()).includes('<div id="root">')) throw new Error(`/admin: ${page.status}`);
const notAdmin = await fetch(`${baseUrl}/api/admin/me`, { headers: { cookie } });
const notAdminBody = await notAdmin.json();
if (notAdmin.status !== 404 || notAdminBody.error?.code !== "not_found")
  throw new Error(`/api/admin/me for a user: ${notAdmin.status} ${JSON.stringify(notAdminBody)}`);
const admin = await json(
  await fetch(`${baseUrl}/api/admin/me`, { headers: { cookie: await signIn(operator) } }),
);
if (admin.email !== operator) throw new Error(`/api/admin/me for the operator: ${JSON.stringify(admin)}`);
step(`/admin: the not-found page for a user, the console for ${operator}`);

const video = makeDialogue(workDir, DIALOGUE.slice(0, 2)).video;
const form = new FormData();
form.set("title", "Container test");
form.set("video", new Blob([readFileSync(video)]), path.basename(video));
const { _id: id } = await json(
  await fetch(`${baseUrl}/api/video/process`, { method: "POST", body: form, headers: { cookie } }),
);
const project = await poll("the transcript", async () => {
  const body = await json(await fetch(`${baseUrl}/api/video/${id}`, { headers: { cookie } }));
  if (body.status === "failed") throw new Error(`the upload failed: ${body.statusMessage}`);
  return body.status === "ready" ? body : undefined;
});
step(`uploaded and transcribed: ${project.transcript.length} segments`);

const post = async (action: string) =>
  json(
    await fetch(`${baseUrl}/api/video/${id}/${action}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", prefer: "wait=300" },
      body: JSON.stringify({ language: "es" }),
    }),
  );
const translated = await post("translate");
if (translated.status !== "translated") throw new Error(`translate: ${JSON.stringify(translated)}`);
const dubbed = await post("dub");
if (!dubbed.dubVideoUrl) throw new Error(`dub: ${JSON.stringify(dubbed)}`);
const file = path.join(workDir, "dubbed.mp4");
const download = await fetch(`${baseUrl}${dubbed.dubVideoUrl}`);
if (!download.ok) throw new Error(`download: ${download.status}`);
writeFileSync(file, Buffer.from(await download.arrayBuffer()));
const streams = execFileSync(
  "ffprobe",
  ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", file],
  { encoding: "utf8" },
)
  .trim()
  .split("\n");
if (!streams.includes("video") || !streams.includes("audio")) throw new Error(`dubbed file: ${streams}`);
step(`dubbed into Spanish: ${file} has ${streams.join(" and ")}`);

// Link import: a page with an HTML5 <video> on a loopback web site (IMPORT_ALLOW_PRIVATE=127.0.0.1 in the
// server), which only yt-dlp's generic extractor reads; the worker downloads and transcribes it.
const site = await startMediaSite(video);
try {
  const linked = await json(
    await fetch(`${baseUrl}/api/video/process`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ title: "Container link", url: `${site.url}/page.html` }),
    }),
  );
  const imported = await poll("the link import", async () => {
    const body = await json(await fetch(`${baseUrl}/api/video/${linked._id}`, { headers: { cookie } }));
    if (body.status === "failed") throw new Error(`the link import failed: ${body.statusMessage}`);
    return body.status === "ready" ? body : undefined;
  });
  if (imported.sizeBytes !== statSync(video).size || !site.requests.some((r) => r.endsWith("/clip.mp4")))
    throw new Error(`link import: ${imported.sizeBytes} bytes, the site saw ${site.requests.join(", ")}`);
  step(`imported ${site.url}/page.html through yt-dlp: ${imported.transcript.length} segments`);
} finally {
  await site.close();
}
