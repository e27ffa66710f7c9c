import type { Transporter } from "nodemailer";
import { lazy } from "../lazy.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Anything that can deliver an email: SMTP here, a dev mailbox in the app. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends through an SMTP server given as a URL: `smtp://user:pass@host:587` or `smtps://…`. */
export class SmtpMailer implements Mailer {
  // nodemailer loads with the first email, not with every server start
  readonly #transport: () => Promise<Transporter>;
  #opened: Transporter | undefined;
  readonly #from: string;
  constructor(opts: { url: string; from: string; tls?: { rejectUnauthorized?: boolean } }) {
    const url = new URL(opts.url);
    this.#transport = lazy(async () => {
      const { default: nodemailer } = await import("nodemailer");
      this.#opened = nodemailer.createTransport({
        host: url.hostname,
        port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
        secure: url.protocol === "smtps:",
        auth: url.username
          ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
          : undefined,
        tls: opts.tls,
      });
      return this.#opened;
    });
    this.#from = opts.from;
  }
  async send(message: MailMessage): Promise<void> {
    await (await this.#transport()).sendMail({ from: this.#from, ...message });
  }
  close(): void {
    this.#opened?.close();
  }
}
