export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  body: string;
  channel: "sms" | "whatsapp";
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Builds Twilio's Messages API form body (pure). WhatsApp numbers carry the `whatsapp:` prefix. */
export function twilioForm(message: SmsMessage, from: string, whatsappFrom?: string): URLSearchParams {
  const wa = message.channel === "whatsapp";
  return new URLSearchParams({
    To: wa ? `whatsapp:${message.to}` : message.to,
    From: wa ? `whatsapp:${whatsappFrom ?? from}` : from,
    Body: message.body,
  });
}

/** Sends through Twilio's REST wire format (any server that speaks it, via `baseUrl`). */
export class TwilioSmsSender implements SmsSender {
  readonly #opts: {
    accountSid: string;
    authToken: string;
    from: string;
    whatsappFrom?: string;
    baseUrl: string;
    fetch: typeof fetch;
  };
  constructor(opts: {
    accountSid: string;
    authToken: string;
    from: string;
    whatsappFrom?: string;
    baseUrl?: string;
    fetch?: typeof fetch;
  }) {
    this.#opts = { ...opts, baseUrl: opts.baseUrl ?? "https://api.twilio.com", fetch: opts.fetch ?? fetch };
  }
  async send(message: SmsMessage): Promise<void> {
    const o = this.#opts;
    const res = await o.fetch(
      `${o.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/Messages.json`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${o.accountSid}:${o.authToken}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: twilioForm(message, o.from, o.whatsappFrom),
      },
    );
    if (!res.ok) throw new Error(`Twilio answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
}
