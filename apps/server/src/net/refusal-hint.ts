// A refusal of a private address (net/address-guard.ts) as people can act on it: the user reads that the
// server does not reach private networks, the operator (the log, the console's failed job) which setting
// would allow it.
import { log } from "../logs/context.ts";

/** The setting that lets each kind of outgoing request reach private addresses. */
type PrivateSetting = "IMPORT_ALLOW_PRIVATE" | "WEBHOOKS_ALLOW_PRIVATE";

const PRIVATE = /^(\S+) is a private address\.?$/;

/** Pure: `message` with what to do about it when it is a private-address refusal; else as it is. */
export function privateRefusalHint(message: string, setting: PrivateSetting): string {
  const host = PRIVATE.exec(message.trim())?.[1];
  if (!host) return message;
  return (
    `${host} is a private address, and this server does not connect to private networks ` +
    `(its operator can allow it with ${setting})`
  );
}

/** privateRefusalHint, and a log line naming the setting when it is one. */
export function explainRefusal(message: string, setting: PrivateSetting): string {
  const hinted = privateRefusalHint(message, setting);
  if (hinted !== message) log().warn({ setting, refused: message }, "private address refused");
  return hinted;
}
