// The one way cloud engines call their provider: fetch with the caller's AbortSignal and a time limit,
// and every failure turned into a DubError that names the provider and its own message (never the key).
import { DubError } from "../errors.ts";

export interface ProviderRequest {
  /** Provider name for messages ("Azure Speech", "DeepL", …). */
  provider: string;
  signal?: AbortSignal;
  /** Give up after this long, retries included (default 120 s). */
  timeoutMs?: number;
  /** How often a rate limit or a busy provider is asked again (default 3; 0 in tests of errors). */
  retries?: number;
}

/** Pure: the provider's own error text from a JSON or text error body, shortened. */
export function providerMessage(body: string): string {
  let text = body.trim();
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const e = j.error;
    const nested = typeof e === "object" && e !== null ? (e as Record<string, unknown>).message : undefined;
    text =
      (typeof e === "string" ? e : undefined) ??
      (typeof nested === "string" ? nested : undefined) ??
      (typeof j.message === "string" ? j.message : undefined) ??
      (typeof j.err_msg === "string" ? j.err_msg : undefined) ??
      (typeof j.detail === "string" ? j.detail : undefined) ??
      (typeof (j.detail as Record<string, unknown>)?.message === "string"
        ? ((j.detail as Record<string, unknown>).message as string)
        : undefined) ??
      text;
  } catch {
    // not JSON
  }
  return text.replace(/\s+/g, " ").slice(0, 300);
}

/**
 * fetch() that resolves only with a 2xx response. Throws DubError aborted when the signal fires and
 * engine_failed for a network error, a time-out or an error status ("DeepL answered 403: …").
 */
export async function providerFetch(url: string, init: RequestInit, req: ProviderRequest): Promise<Response> {
  const timeout = AbortSignal.timeout(req.timeoutMs ?? 120_000);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal });
    } catch (err) {
      if (req.signal?.aborted) throw new DubError("aborted", `${req.provider} request aborted`);
      if (timeout.aborted) throw new DubError("engine_failed", `${req.provider} did not answer in time`);
      throw new DubError("engine_failed", `cannot reach ${req.provider}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (res.ok) return res;
    const wait = retryDelayMs(res.status, res.headers.get("retry-after"), attempt, req.retries ?? 3);
    const body = await res.text().catch(() => "");
    if (wait !== null) {
      await sleep(wait, signal).catch(() => {
        if (req.signal?.aborted) throw new DubError("aborted", `${req.provider} request aborted`);
        throw new DubError("engine_failed", `${req.provider} did not answer in time`);
      });
      continue;
    }
    const message = `${req.provider} answered ${res.status}${body ? `: ${providerMessage(body)}` : ""}`;
    throw new DubError("engine_failed", redact(message, init.headers), {
      provider: { status: res.status, body: redact(body.slice(0, 2000), init.headers) },
    });
  }
}

/**
 * Pure: how long to wait before asking again, or null to give up. Rate limits (429) and a busy or
 * restarting provider (502, 503, 504) are retried `retries` times: after Retry-After when it says (at
 * most 20 s), else after 1, 2, 4 … s.
 */
export function retryDelayMs(
  status: number,
  retryAfter: string | null,
  attempt: number,
  retries: number,
): number | null {
  if (attempt >= retries || ![429, 502, 503, 504].includes(status)) return null;
  const seconds =
    retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter.trim()) ? Number(retryAfter) : 2 ** attempt;
  return Math.min(20_000, Math.round(seconds * 1000));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The answer's bytes: a stop while they arrive is `aborted`, a cut (or the time limit) engine_failed. */
export async function providerBytes(res: Response, req: ProviderRequest): Promise<Buffer> {
  try {
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    if (req.signal?.aborted) throw new DubError("aborted", `${req.provider} request aborted`);
    throw new DubError("engine_failed", `${req.provider} answer was cut off: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

/**
 * The answer's JSON, read like providerBytes. A body that is not JSON throws a SyntaxError as
 * `res.json()` does, or gives null with `{ notJson: null }` (for callers whose parser reports a bad answer).
 */
export async function providerJson(
  res: Response,
  req: ProviderRequest,
  opts?: { notJson: null },
): Promise<unknown> {
  const text = new TextDecoder().decode(await providerBytes(res, req));
  try {
    return JSON.parse(text);
  } catch (err) {
    if (opts) return opts.notJson;
    throw err;
  }
}

/**
 * Pure: the URL of `path` ("/v1/audio/speech") on an API base given as the API's origin or already ending
 * in the path's version (the form the OpenAI SDKs read from OPENAI_BASE_URL), with or without a slash.
 */
export function apiUrl(base: string, path: string): string {
  const root = base.replace(/\/+$/, "");
  const version = /^\/[^/]+(?=\/)/.exec(path)?.[0];
  return `${version && root.endsWith(version) ? root.slice(0, -version.length) : root}${path}`;
}

/** Pure: `text` with every credential-like token of the request's headers replaced (a provider may echo the key). */
export function redact(text: string, headers: HeadersInit | undefined): string {
  const values = [...new Headers(headers).values()];
  const tokens = values.flatMap((v) => [v, ...v.split(/\s+/)]).filter((t) => t.length >= 8);
  return tokens.reduce((out, t) => out.split(t).join("[redacted]"), text);
}
