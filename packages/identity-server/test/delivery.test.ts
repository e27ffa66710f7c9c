// Delivery against real servers: an SMTP server (smtp-server) receives the magic-link email sent by
// SmtpMailer (nodemailer), and a local HTTP server speaking Twilio's Messages API receives the SMS.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpMailer, TwilioSmsSender } from "../src/index.ts";
import { type Harness, sdk, startHarness } from "./harness.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let smtpPort = 0;
const inbox: Received[] = [];
let twilio: ReturnType<typeof createServer>;
let twilioUrl = "";
const twilioRequests: { path: string; auth: string; form: URLSearchParams }[] = [];
let h: Harness;
let mailer: SmtpMailer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  twilio = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      twilioRequests.push({
        path: req.url ?? "",
        auth: req.headers.authorization ?? "",
        form: new URLSearchParams(body),
      });
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: "SM123", status: "queued" }));
    });
  });
  await new Promise<void>((r) => twilio.listen(0, "127.0.0.1", () => r()));
  twilioUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;

  mailer = new SmtpMailer({
    url: `smtp://user:pass@127.0.0.1:${smtpPort}`,
    from: "Dubbing <login@dubbing.local>",
  });
  h = await startHarness({
    mailer,
    sms: new TwilioSmsSender({
      accountSid: "AC123",
      authToken: "tok",
      from: "+15005550006",
      whatsappFrom: "+14155238886",
      baseUrl: twilioUrl,
    }),
  });
});

afterAll(async () => {
  await h.close();
  mailer.close();
  await new Promise<void>((r) => smtp.close(() => r()));
  await new Promise<void>((r) => twilio.close(() => r()));
});

describe("delivery", () => {
  it("sends the magic link through SMTP with text and HTML parts", async () => {
    const r = await sdk(h, "POST", "/magic_links/email/login_or_create", { email: "smtp@example.com" });
    expect(r.status).toBe(200);
    expect(inbox).toHaveLength(1);
    const m = inbox[0]!;
    expect(m.to).toEqual(["smtp@example.com"]);
    expect(m.from).toBe("login@dubbing.local");
    expect(m.raw).toContain("Content-Type: text/plain");
    expect(m.raw).toContain("Content-Type: text/html");
    expect(m.raw).toMatch(/stytch_token_type=3Dmagic_links|stytch_token_type=magic_links/);
  });

  it("sends SMS and WhatsApp codes in Twilio's wire format", async () => {
    await sdk(h, "POST", "/otps/sms/login_or_create", { phone_number: "+14155552671" });
    await sdk(h, "POST", "/otps/whatsapp/login_or_create", { phone_number: "+14155552671" });
    expect(twilioRequests).toHaveLength(2);
    const [sms, wa] = twilioRequests;
    expect(sms!.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(sms!.auth).toBe(`Basic ${Buffer.from("AC123:tok").toString("base64")}`);
    expect(sms!.form.get("To")).toBe("+14155552671");
    expect(sms!.form.get("From")).toBe("+15005550006");
    expect(sms!.form.get("Body")).toMatch(/\d{6} is your Dubbing passcode/);
    expect(wa!.form.get("To")).toBe("whatsapp:+14155552671");
    expect(wa!.form.get("From")).toBe("whatsapp:+14155238886");
  });
});
