import { escapeHtml } from "../http/html.ts";

/**
 * The page a sign-in link shows in a browser other than the one that asked for it: one click continues,
 * and nothing is spent until then (mail scanners fetch links; a victim may be sent an attacker's link).
 */
export function renderConfirmSignIn(opts: { action: string; token: string; nonce: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Finish signing in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#0f172a}
h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569}button{font:inherit;font-weight:600;color:#fff;
background:#4f46e5;border:0;border-radius:.5rem;padding:.6rem 1.2rem;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}a{color:#4338ca}</style></head>
<body><main><h1>Finish signing in</h1>
<p>This sign-in link was opened in a different browser from the one that asked for it. Continue only if
you asked for this link yourself.</p>
<form method="post" action="${escapeHtml(opts.action)}">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
<input type="hidden" name="confirm" value="${escapeHtml(opts.nonce)}">
<button type="submit">Continue signing in</button></form>
<p><a href="/login">Back to sign in</a></p></main></body></html>`;
}
