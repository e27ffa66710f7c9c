import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";

/** One answer of the server as a test saw it: what `watchAnswers` hands its watcher. */
export interface SeenAnswer {
  method: string;
  url: string;
  status: number;
  contentType: string;
  /** The parsed JSON body, or null (empty or not JSON). */
  body: unknown;
  text: string;
}
const watchers = new Set<(answer: SeenAnswer) => void>();

/** Calls `watch` with every answer `api` and `upload` receive until the returned function is called. */
export function watchAnswers(watch: (answer: SeenAnswer) => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

function seen(method: string, url: string, res: Response, text: string, body: unknown) {
  const answer = {
    method,
    url,
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    body,
    text,
  };
  for (const watch of watchers) watch(answer);
}

/** Uploads a file the way the web app does: multipart `video` + `title`. */
/**
 * The upload form. The file is read into memory (test videos are small): a file-backed Blob's reader
 * rejects unhandled in Node when the server answers (402, 429) before the whole body is sent.
 */
export async function upload(
  baseUrl: string,
  cookie: string,
  file: string | null,
  title: string | null,
  fields: Record<string, string | File> = {},
) {
  const form = new FormData();
  if (title !== null) form.set("title", title);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("video", new Blob([await readFile(file)]), path.basename(file));
  const res = await fetch(`${baseUrl}/api/video/process`, {
    method: "POST",
    body: form,
    headers: { cookie },
  });
  const text = await res.text();
  const body = JSON.parse(text) as Record<string, any>;
  seen("POST", "/api/video/process", res, text, body);
  return { status: res.status, body };
}

export async function api(
  baseUrl: string,
  cookie: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(cookie && { cookie }),
      ...(body !== undefined && { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  seen(method, url, res, text, json);
  return { status: res.status, body: json, headers: res.headers, text };
}

/** POST translate or dub with `Prefer: wait=N`: the finished result when the work ends within N seconds. */
export function startAndWait(
  baseUrl: string,
  cookie: string,
  id: string,
  action: "translate" | "dub",
  language: string,
  seconds: number,
) {
  return api(
    baseUrl,
    cookie,
    "POST",
    `/api/video/${id}/${action}`,
    { language },
    { prefer: `wait=${seconds}` },
  );
}

/** Polls the project until it reaches one of `statuses`. */
export async function waitForStatus(
  baseUrl: string,
  cookie: string,
  id: string,
  statuses: string[],
  timeoutMs = 180_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api(baseUrl, cookie, "GET", `/api/video/${id}`);
    if (statuses.includes(body?.status)) return body;
    if (Date.now() > until) throw new Error(`project ${id} stayed ${body?.status} (${body?.statusMessage})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Uploads a video (201) with the form's other `fields` (a File for a subtitles file) and waits until its
 * transcript is ready; answers the project.
 */
export async function uploadReady(
  baseUrl: string,
  cookie: string,
  file: string,
  title: string,
  fields: Record<string, string | File> = {},
) {
  const res = await upload(baseUrl, cookie, file, title, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const project = await waitForStatus(baseUrl, cookie, res.body._id, ["ready", "failed"]);
  expect(project.status, project.statusMessage).toBe("ready");
  return project;
}

/** Uploads a video, waits until its transcript is ready and translates it; answers the project's id. */
export async function uploadTranslated(
  baseUrl: string,
  cookie: string,
  file: string,
  title: string,
  language = "es",
): Promise<string> {
  const id = (await upload(baseUrl, cookie, file, title)).body._id as string;
  await waitForStatus(baseUrl, cookie, id, ["ready"]);
  const translated = await startAndWait(baseUrl, cookie, id, "translate", language, 120);
  if (translated.body?.status !== "translated") {
    throw new Error(`translation into ${language}: ${JSON.stringify(translated.body)}`);
  }
  return id;
}

/**
 * Polls `probe` every 100 ms until it answers something truthy, and answers that. `tolerateErrors` retries
 * a probe that throws (a database restarting) instead of failing at once.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 120_000,
  opts: { tolerateErrors?: boolean } = {},
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await (opts.tolerateErrors ? probe().catch(() => null) : probe());
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
