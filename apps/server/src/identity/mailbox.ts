import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Mailer, MailMessage } from "@dubbing/identity-server";

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: string;
}

/**
 * Where sign-in emails go when no SMTP server is configured: each message is kept as a JSON file under
 * `DATA_DIR/mailbox/` and its text is printed to the log, so a developer can follow the link.
 */
export class DevMailbox implements Mailer {
  readonly dir: string;
  readonly print: boolean;
  constructor(dir: string, opts: { print?: boolean } = {}) {
    this.dir = dir;
    this.print = opts.print ?? true;
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const sentAt = new Date().toISOString();
    // Sortable by time, unique within the same millisecond.
    const id = `${sentAt.replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
    await writeFile(path.join(this.dir, `${id}.json`), JSON.stringify({ id, sentAt, ...message }, null, 2));
    if (this.print) console.log(`\n[dev mailbox] to ${message.to}: ${message.subject}\n${message.text}\n`);
  }

  /** Newest first. */
  async list(limit = 50): Promise<StoredMail[]> {
    const files = (await readdir(this.dir).catch(() => [])).filter((f) => f.endsWith(".json"));
    files.sort().reverse();
    return Promise.all(
      files
        .slice(0, limit)
        .map(async (f) => JSON.parse(await readFile(path.join(this.dir, f), "utf8")) as StoredMail),
    );
  }
}
