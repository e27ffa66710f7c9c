import { CAPTCHA_ACTION, SDK_BASE_PATH } from "./constants.ts";
import { utf8ToBase64 } from "./encoding.ts";
import {
  APIError,
  type APIErrorDetails,
  APISchemaError,
  APIUnreachableError,
  CaptchaRequiredError,
  IdentityError,
  MESSAGES,
} from "./errors.ts";
import type { BatchedEvent, TelemetryBlob } from "./telemetry.ts";
import { isPlainObject } from "./validate.ts";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Where captcha tokens and device-fingerprint ids come from. The provider runs the captcha with
 * the action `LOGIN`. By default the client uses reCAPTCHA Enterprise with the site key of the project's
 * bootstrap settings when captcha is enabled there; when no token can be produced, a server that demands a
 * captcha makes the call fail with a {@link CaptchaRequiredError}.
 */
export interface CaptchaProvider {
  executeCaptcha(action: typeof CAPTCHA_ACTION): Promise<string | undefined>;
  getTelemetryId?(): Promise<string | undefined>;
}

/**
 * Turns a provider response into its `data`, or throws the specified error class:
 * - 2xx: the JSON envelope's `data`; unparseable JSON → "Invalid JSON response from the … servers.";
 *   no `data` object → "Invalid or no response from server".
 * - non-2xx JSON: unparseable → "Invalid or no response from server"; with `body`, `params` or `query` →
 *   {@link APISchemaError}; otherwise {@link APIError} carrying `error_type`.
 * - anything else: text containing "Captcha required" → {@link CaptchaRequiredError} (the caller retries
 *   once with a captcha); other text → "Invalid response from the … servers.".
 */
export async function readResponse<T>(resp: Response): Promise<T> {
  if (resp.status <= 299) {
    let parsed: unknown;
    try {
      parsed = await resp.json();
    } catch {
      throw new APIUnreachableError(MESSAGES.invalidJSON);
    }
    if (!isPlainObject(parsed) || !isPlainObject(parsed.data))
      throw new APIUnreachableError(MESSAGES.noResponse);
    return parsed.data as T;
  }
  if (resp.headers.get("content-type")?.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = await resp.json();
    } catch {
      throw new APIUnreachableError(MESSAGES.noResponse);
    }
    if (!isPlainObject(parsed)) throw new APIUnreachableError(MESSAGES.noResponse);
    if ("body" in parsed || "params" in parsed || "query" in parsed) throw new APISchemaError(parsed);
    throw new APIError(toErrorDetails(parsed, resp.status));
  }
  let text: string;
  try {
    text = await resp.text();
  } catch {
    throw new APIUnreachableError(MESSAGES.invalidResponse);
  }
  if (text.includes("Captcha required")) throw new CaptchaRequiredError();
  throw new APIUnreachableError(MESSAGES.invalidResponse);
}

function toErrorDetails(body: Record<string, unknown>, status: number): APIErrorDetails {
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    status_code: typeof body.status_code === "number" ? body.status_code : status,
    request_id: str(body.request_id),
    error_type: str(body.error_type) ?? "unknown_error",
    error_message: str(body.error_message) ?? "",
    error_url: str(body.error_url),
  };
}

export interface SDKRequest {
  method: HttpMethod;
  /** Path below /sdk/v1, e.g. "/magic_links/authenticate". */
  path: string;
  body?: Record<string, unknown>;
  /** Per-call fallback message; attached to any error as `callMessage`. */
  errorMessage: string;
  /**
   * Captcha-protected call: captcha_token and dfp_telemetry_id are added up front when the project
   * enforces captcha, and once more on a "Captcha required" answer, with one retry.
   */
  captcha?: boolean;
}

interface HttpCoreOptions {
  publicToken: string;
  /** Origin of the SDK backend; requests go to `${baseUrl}/sdk/v1/...`. */
  baseUrl: string;
  fetch: FetchLike;
  getSessionToken: () => string | undefined;
  telemetry: () => TelemetryBlob;
  /** Sent as X-SDK-Parent-Host (the page's origin). */
  parentHost?: string | undefined;
  captcha?: CaptchaProvider | undefined;
  /** Whether the project enforces captcha on protected calls from the start (bootstrap captcha_settings). */
  captchaUpfront?: () => Promise<boolean>;
}

/** The small HTTP core every API area goes through. */
export class HttpCore {
  readonly #o: HttpCoreOptions;

  constructor(options: HttpCoreOptions) {
    this.#o = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, "") };
  }

  url(path: string): string {
    return `${this.#o.baseUrl}${SDK_BASE_PATH}${path}`;
  }

  /** Basic auth `public_token:session_token` (the public token twice when logged out) and telemetry headers. */
  headers(): Record<string, string> {
    const secret = this.#o.getSessionToken() || this.#o.publicToken;
    const headers: Record<string, string> = {
      Authorization: `Basic ${utf8ToBase64(`${this.#o.publicToken}:${secret}`)}`,
      "Content-Type": "application/json",
      "X-SDK-Client": utf8ToBase64(JSON.stringify(this.#o.telemetry())),
    };
    if (this.#o.parentHost) headers["X-SDK-Parent-Host"] = this.#o.parentHost;
    return headers;
  }

  async request<T>(req: SDKRequest): Promise<T> {
    try {
      let body = req.body;
      if (req.captcha && body && this.#o.captcha && (await this.#o.captchaUpfront?.())) {
        body = { ...body, ...(await this.#captchaFields()) };
      }
      try {
        return await this.#send<T>(req.method, req.path, body);
      } catch (err) {
        if (!(err instanceof CaptchaRequiredError) || !req.captcha || !this.#o.captcha) throw err;
        const fields = await this.#captchaFields();
        // Nothing to add (no captcha configured): retrying would only be refused again.
        if (fields.captcha_token === undefined && fields.dfp_telemetry_id === undefined) throw err;
        return await this.#send<T>(req.method, req.path, { ...(body ?? {}), ...fields });
      }
    } catch (err) {
      if (err instanceof IdentityError && err.callMessage === undefined) err.callMessage = req.errorMessage;
      throw err;
    }
  }

  /**
   * POST a telemetry batch to /events (plain JSON array, as the public SDK sends it). `keepalive` lets the
   * request finish when the page navigates away (OAuth start, magic-link redirects).
   */
  async sendEvents(batch: BatchedEvent[]): Promise<void> {
    await this.#o.fetch(this.url("/events"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(batch),
      keepalive: true,
    });
  }

  async #captchaFields(): Promise<{ captcha_token?: string; dfp_telemetry_id?: string }> {
    const provider = this.#o.captcha;
    if (!provider) return {};
    const [captcha_token, dfp_telemetry_id] = await Promise.all([
      provider.executeCaptcha(CAPTCHA_ACTION),
      provider.getTelemetryId?.(),
    ]);
    const out: { captcha_token?: string; dfp_telemetry_id?: string } = {};
    if (captcha_token !== undefined) out.captcha_token = captcha_token;
    if (dfp_telemetry_id !== undefined) out.dfp_telemetry_id = dfp_telemetry_id;
    return out;
  }

  async #send<T>(method: HttpMethod, path: string, body: Record<string, unknown> | undefined): Promise<T> {
    const init: RequestInit = { method, headers: this.headers() };
    if (body !== undefined && method !== "GET") init.body = JSON.stringify(body);
    let resp: Response;
    try {
      resp = await this.#o.fetch(this.url(path), init);
    } catch (err) {
      if (isAbort(err)) throw err;
      const e = new APIUnreachableError(MESSAGES.unreachable);
      e.cause = err;
      throw e;
    }
    return readResponse<T>(resp);
  }
}

function isAbort(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { name?: unknown }).name === "AbortError";
}
