// An SMTP capture (smtp-server): the identity server sends real mail to it through SmtpMailer.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const m = soft.slice(i, i + 3).match(/^=([0-9A-F]{2})$/i);
    if (m?.[1]) {
      bytes.push(Number.parseInt(m[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] as string, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The plain-text part of a raw MIME message, decoded. */
export function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const [head = "", ...body] = part.split(/\r?\n\r?\n/);
  const text = body.join("\n\n");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(text);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(text, "base64").toString("utf8");
  return text;
}

export async function startMailbox() {
  const inbox: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: raw.match(/^Subject: (.*)$/im)?.[1] ?? "",
          text: plainText(raw),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    inbox,
    url: `smtp://user:pass@127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
