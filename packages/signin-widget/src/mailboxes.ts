/** "Open Gmail / Yahoo / Outlook" links of the email confirmation screen. */
interface MailboxLink {
  id: "gmail" | "yahoo" | "outlook";
  href: string;
}

const PROVIDER_DOMAINS: Record<MailboxLink["id"], RegExp> = {
  gmail: /^(gmail|googlemail)\.com$/,
  yahoo: /^(yahoo|ymail|rocketmail)\.[a-z.]+$/,
  outlook: /^(outlook|hotmail|live|msn)\.[a-z.]+$/,
};

function href(id: MailboxLink["id"], sender: string | undefined): string {
  const q = sender ? encodeURIComponent(`from:${sender}`) : "";
  if (id === "gmail")
    return sender
      ? `https://mail.google.com/mail/u/0/#search/${q}+in%3Aanywhere`
      : "https://mail.google.com/mail/u/0/";
  if (id === "yahoo")
    return sender ? `https://mail.yahoo.com/d/search/keyword=${q}` : "https://mail.yahoo.com/";
  return sender
    ? `https://outlook.live.com/mail/0/deeplink/search?query=${q}`
    : "https://outlook.live.com/mail/0/";
}

/**
 * The links to show: only the user's own provider when the address is at a known one, else all three.
 * Each link searches for mail from the sender domain when it is known (the configured domain hint, or the
 * project's single email domain).
 */
export function mailboxLinks(
  email: string,
  domainHint: string | undefined,
  emailDomains: string[],
): MailboxLink[] {
  const sender = domainHint || (emailDomains.length === 1 ? emailDomains[0] : undefined);
  const userDomain = email.split("@")[1]?.toLowerCase() ?? "";
  const ids = (Object.keys(PROVIDER_DOMAINS) as MailboxLink["id"][]).filter((id) =>
    PROVIDER_DOMAINS[id].test(userDomain),
  );
  return (ids.length > 0 ? ids : (["gmail", "yahoo", "outlook"] as const)).map((id) => ({
    id,
    href: href(id, sender),
  }));
}
