import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { test as base, expect, type Page } from "@playwright/test";

// The magic link and the SDK calls use the server's public URL (http://localhost:PORT), so signed-in
// tests browse on that origin too; the session cookie then belongs to the same site.
export const APP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 18_180}`;

/** The newest sign-in link the dev mailbox holds for an address, or "" when none has arrived yet. */
async function magicLinkFor(page: Page, email: string): Promise<string> {
  const html = await (await page.request.get("/dev/mailbox")).text();
  const mail = html.split("<article>").find((a) => a.includes(`To ${email}`));
  return mail?.match(/href="([^"]*\/api\/stytch\?[^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? "";
}

/** Asks for a magic link through the real widget on the login page; answers the e-mailed link. */
export async function askForLink(page: Page, email: string, next = "/projects"): Promise<string> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  let link = "";
  await expect.poll(async () => (link = await magicLinkFor(page, email)), { timeout: 15_000 }).not.toBe("");
  return link;
}

/** The path of the invitation link the dev mailbox holds for an address, once it has arrived. */
export async function invitationPath(page: Page, email: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const html = await (await page.request.get("/dev/mailbox")).text();
      const mail = html.split("<article>").find((a) => a.includes(`To ${email}`) && a.includes("/invite/"));
      link = mail?.match(/href="([^"]*\/invite\/[^"]*)"/)?.[1] ?? "";
      return link;
    })
    .not.toBe("");
  return new URL(link).pathname;
}

/** Signs in through the real widget and the e-mailed magic link, as a person would. */
export async function signIn(page: Page, email: string, next = "/projects"): Promise<void> {
  await page.goto(await askForLink(page, email, next));
  await expect(page).toHaveURL(`${APP_ORIGIN}${next}`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** The WCAG 2.1 A/AA violations axe-core finds on the page, one line each (empty when none). */
export async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses inline script tags.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations;
  });
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}@example.com`;

/** A dialogue's own lines (makeDialogue's truth) as SRT text, each cue named by its voice. */
export function srtOf(truth: { voice: string; text: string; start: number; end: number }[]): string {
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");
  return truth
    .map((s, i) => `${i + 1}\n${time(s.start)} --> ${time(s.end)}\n${s.voice}: ${s.text}\n`)
    .join("\n");
}

/**
 * A project made through the API (the upload has its own browser tests) from `video`, in `workspaceId` when
 * given, once its transcript is ready; its id. With `subtitles` (SRT text) the transcript is theirs and
 * nothing is recognised: for specs whose subject is what comes after (recognition has its own specs).
 */
export async function readyProject(
  page: Page,
  project: { title: string; video: string; language?: string; workspaceId?: string; subtitles?: string },
): Promise<string> {
  const query = project.workspaceId ? `?workspaceId=${project.workspaceId}` : "";
  const srt = project.subtitles;
  const upload = await page.request.post(`/api/video/process${query}`, {
    multipart: {
      title: project.title,
      ...(project.language && { language: project.language }),
      ...(srt && {
        subtitles: { name: "spot.srt", mimeType: "application/x-subrip", buffer: Buffer.from(srt) },
      }),
      video: { name: "spot.mp4", mimeType: "video/mp4", buffer: readFileSync(project.video) },
    },
  });
  const id = (await upload.json())._id as string;
  await expect
    .poll(async () => (await (await page.request.get(`/api/video/${id}`)).json()).status, {
      timeout: 120_000,
    })
    .toBe("ready");
  return id;
}

/** The project translated into Spanish through the API (the translation has its own browser tests). */
export async function translatedToSpanish(page: Page, projectId: string): Promise<void> {
  const translated = await page.request.post(`/api/video/${projectId}/translate`, {
    data: { language: "es" },
    headers: { Prefer: "wait=120" },
  });
  expect(translated.status()).toBe(200);
}

/**
 * Through the API as the page's signed-in user (the upload and the invitation form have their own browser
 * tests): a workspace "Agency" with a one-line dialogue ("Client spot", its line as subtitles) translated into
 * Spanish, and each of `invites` invited to it with their role.
 */
export async function translatedInWorkspace(
  page: Page,
  invites: { email: string; role: string }[],
): Promise<{ workspaceId: string; projectId: string }> {
  const { video, truth } = makeDialogue(
    mkdtempSync(path.join(os.tmpdir(), "e2e-workspace-")),
    DIALOGUE.slice(0, 1),
  );
  const workspace = await (await page.request.post("/api/workspaces", { data: { name: "Agency" } })).json();
  const workspaceId = workspace.id as string;
  const subtitles = srtOf(truth);
  const project = { title: "Client spot", video, language: "en", workspaceId, subtitles };
  const projectId = await readyProject(page, project);
  await translatedToSpanish(page, projectId);
  for (const invite of invites) {
    const invited = await page.request.post(`/api/workspaces/${workspaceId}/invites`, { data: invite });
    expect(invited.status()).toBe(201);
  }
  return { workspaceId, projectId };
}

export const test = base.extend({ baseURL: APP_ORIGIN });
export { expect };
