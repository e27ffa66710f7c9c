import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors.ts";
import { log } from "../logs/context.ts";

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Pure: Stripe's form encoding: nested objects as a[b]=, arrays as a[0][b]=; null/undefined left out. */
export function formEncode(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(`${key}[${i}]`, v);
    } else if (typeof value === "object") for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return pairs.join("&");
}

/** The part of Stripe's REST API we use, spoken with fetch. */
export class StripeClient {
  readonly secretKey: string;
  readonly apiBase: string;
  constructor(secretKey: string, apiBase = "https://api.stripe.com") {
    this.secretKey = secretKey;
    this.apiBase = apiBase.replace(/\/$/, "");
  }

  post<T>(path: string, params: Record<string, FormValue>, idempotencyKey?: string): Promise<T> {
    return this.send<T>("POST", path, params, idempotencyKey);
  }

  async send<T>(
    method: "POST" | "DELETE",
    path: string,
    params: Record<string, FormValue>,
    idempotencyKey?: string,
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.apiBase}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(idempotencyKey && { "Idempotency-Key": idempotencyKey }),
        },
        body: formEncode(params),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new AppError(
        "payment_provider_error",
        "The payment provider could not be reached. Please try again.",
        undefined,
        { cause: error },
      );
    }
    const body = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!res.ok || !body) {
      log().error(
        { path, status: res.status, stripeError: body?.error?.message ?? null },
        "stripe refused a call",
      );
      throw new AppError(
        "payment_provider_error",
        "The payment provider refused the request. Please try again.",
      );
    }
    return body;
  }

  createCustomer(email: string, userId: string) {
    return this.post<{ id: string }>("/v1/customers", { email, metadata: { userId } }, `customer-${userId}`);
  }

  createCheckoutSession(params: Record<string, FormValue>) {
    return this.post<{ id: string; url: string }>("/v1/checkout/sessions", params);
  }

  /** Cancels a subscription now (Stripe's DELETE /v1/subscriptions/{id}); the webhook follows. */
  cancelSubscription(subscriptionId: string) {
    return this.send<{ id: string; status: string }>(
      "DELETE",
      `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`,
      {},
      `cancel-${subscriptionId}`,
    );
  }

  createPortalSession(customer: string, returnUrl: string) {
    return this.post<{ id: string; url: string }>("/v1/billing_portal/sessions", {
      customer,
      return_url: returnUrl,
    });
  }
}

export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Pure: Stripe's `Stripe-Signature` value for a payload (what Stripe sends; used by tests and tools). */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Verifies a webhook on its raw bytes: `t=…,v1=…` where v1 is the HMAC-SHA256 of `${t}.${body}` with the
 * endpoint secret, and t within the tolerance of now. Returns the parsed event; throws invalid_signature.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  header: string | string[] | undefined,
  secret: string,
  {
    nowSeconds = Math.floor(Date.now() / 1000),
    toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
  }: { nowSeconds?: number; toleranceSeconds?: number } = {},
): StripeEvent {
  const bad = (why: string) => new AppError("invalid_signature", `The webhook signature is invalid: ${why}.`);
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) throw bad("no Stripe-Signature header");
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of value.split(",")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (key === "t") timestamp = Number(v);
    else if (key === "v1") signatures.push(v);
  }
  if (!Number.isInteger(timestamp)) throw bad("no timestamp");
  if (signatures.length === 0) throw bad("no v1 signature");
  const payload = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"));
  const matches = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw bad("it does not match the payload");
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    throw bad("the timestamp is outside the tolerance");
  let event: StripeEvent;
  try {
    event = JSON.parse(payload) as StripeEvent;
  } catch (error) {
    throw new AppError("bad_request", "The webhook body is not JSON.", undefined, { cause: error });
  }
  if (!event || typeof event.type !== "string" || !event.data?.object) {
    throw new AppError("bad_request", "The webhook body is not a Stripe event.");
  }
  return event;
}
