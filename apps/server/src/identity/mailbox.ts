import { randomBytes } from "node:crypto";
import type { Mailer, MailMessage } from "@dubbing/identity-server";
import { desc, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { devMailbox } from "../db/schema.ts";
import { log } from "../logs/context.ts";

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: string;
}

/** How long the dev mailbox keeps a message. */
const MAILBOX_DAYS = 7;

/**
 * Where sign-in emails go when no SMTP server is configured: each message is kept in the database (so
 * every API process lists every message) and its text is printed to the log, so a developer can follow
 * the link.
 */
export class DevMailbox implements Mailer {
  readonly db: Db;
  readonly print: boolean;
  constructor(db: Db, opts: { print?: boolean } = {}) {
    this.db = db;
    this.print = opts.print ?? true;
  }

  async send(message: MailMessage): Promise<void> {
    const sentAt = new Date();
    const id = `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
    const { to, subject, text, html } = message;
    await this.db.insert(devMailbox).values({ id, to, subject, text, html, sentAt });
    if (this.print)
      log().info({ to: message.to, subject: message.subject, text: message.text }, "dev mailbox");
  }

  /** Newest first. */
  async list(limit = 50): Promise<StoredMail[]> {
    const rows = await this.db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(limit);
    return rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() }));
  }
}

/** Removes messages older than MAILBOX_DAYS (the hourly retention run). */
export async function sweepMailbox(db: Db, now: Date): Promise<void> {
  await db
    .delete(devMailbox)
    .where(lt(devMailbox.sentAt, new Date(now.getTime() - MAILBOX_DAYS * 86_400_000)));
}
