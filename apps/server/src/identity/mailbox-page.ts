import { escapeHtml } from "../http/html.ts";
import type { StoredMail } from "./mailbox.ts";

/** The dev mailbox as a plain page: every message's text, with its links clickable. */
export function renderMailbox(mails: StoredMail[]): string {
  const items = mails
    .map((m) => {
      const text = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p><pre>${text}</pre></article>`;
    })
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Dev mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#64748b;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}a{color:#0f766e}</style></head>
<body><h1>Dev mailbox</h1><p>Emails this server would have sent. Configure <code>SMTP_URL</code> to send real ones.</p>
${items || "<p>No messages yet.</p>"}</body></html>`;
}
