import { audit } from "../audit.ts";
import type { Ctx } from "../context.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Sends without making the caller wait. Calls that must not tell whether an address has an account
 * (`send/primary`) answer as fast for a known address, whose mail goes out, as for an unknown one.
 * A failed delivery is written to the audit log.
 */
export function sendInBackground(ctx: Ctx, message: MailMessage): void {
  ctx.mailer.send(message).catch((error: unknown) =>
    audit(ctx, undefined, "delivery_failed", {
      subject: message.to,
      detail: { error: error instanceof Error ? error.message : String(error) },
    }),
  );
}
