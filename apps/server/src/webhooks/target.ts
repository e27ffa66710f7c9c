import http from "node:http";
import https from "node:https";
import { AppError } from "../errors.ts";
import { checkTarget, guardedLookup, publicTargetProblem } from "../net/address-guard.ts";
import { explainRefusal } from "../net/refusal-hint.ts";

export { checkTarget, isPrivateAddress, TargetRefused } from "../net/address-guard.ts";

/** At creation: a URL the service would refuse to call is a 400, said plainly. */
export async function assertPublicTarget(raw: string, allowPrivate: boolean): Promise<void> {
  const fail = (why: string) => {
    throw new AppError("validation_failed", `This address cannot receive webhooks: ${why}.`, [
      { path: "url", message: why },
    ]);
  };
  const problem = await publicTargetProblem(new URL(raw), allowPrivate);
  if (problem) fail(explainRefusal(problem, "WEBHOOKS_ALLOW_PRIVATE"));
}

interface PostResult {
  /** The HTTP status, or null when no answer came (refused, timed out, unreachable). */
  status: number | null;
  error: string | null;
}

/**
 * POSTs a body with the SSRF guard, a total timeout and no redirects (a 3xx is an answer, and a failure).
 * The answer's body is read (up to a bound) and dropped.
 */
export function postJson(
  raw: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(raw);
      checkTarget(url, opts.allowPrivate);
    } catch (error) {
      return resolve({
        status: null,
        error: explainRefusal((error as Error).message, "WEBHOOKS_ALLOW_PRIVATE"),
      });
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "user-agent": "AI-Video-Dubbing-Webhooks/1",
      },
      lookup: guardedLookup(opts.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${opts.timeoutMs / 1000} s`)),
      opts.timeoutMs,
    );
    request.on("response", (response) => {
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 64 * 1024) response.destroy();
      });
      response.on("close", () => {
        clearTimeout(timer);
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        resolve({ status, error: ok ? null : `answered HTTP ${status}` });
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, error: explainRefusal(error.message, "WEBHOOKS_ALLOW_PRIVATE").slice(0, 300) });
    });
    request.end(body);
  });
}
