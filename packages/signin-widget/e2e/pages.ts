// Host pages for the browser tests: a plain page that loads the standalone bundle, optionally with CSS
// that tries to leak into the widget.
export const PUBLIC_TOKEN = "public-token-test-5e2f0c1a-7b3d-4c5e-9f10-2a3b4c5d6e7f";

/** Host CSS that would restyle the widget if styles leaked in. */
export const LEAKY_CSS = `
  body { font-family: "Courier New", monospace; color: rgb(255, 0, 255); letter-spacing: 3px; }
  button { background: rgb(0, 255, 0); color: rgb(255, 0, 0); border-radius: 0; height: 80px; }
  input { border: 5px dashed rgb(255, 0, 0); font-size: 30px; }
  .container h1, #host h1 { color: rgb(255, 0, 0); text-transform: uppercase; }
  .dbsw-button { background: rgb(255, 255, 0); }
`;

export function hostPage(opts: { leak?: boolean; title?: string } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title ?? "Sign in"}</title>
<style>
  html, body { margin: 0; background: #eef2f4; }
  main { min-height: 100vh; display: flex; align-items: flex-start; justify-content: center; padding: 32px 12px; box-sizing: border-box; }
  #app { width: 100%; display: flex; justify-content: center; }
  @media (max-width: 440px) { main { padding: 16px 12px; } }
</style>
${opts.leak ? `<style>${LEAKY_CSS}</style>` : ""}
</head><body>
<main class="container" id="host">
  <div id="app"></div>
</main>
${opts.leak ? '<div id="host-controls"><button id="host-button">Host button</button><input id="host-input" value="host"><h1 id="host-heading">Host heading</h1></div>' : ""}
<script type="module">
import * as W from "/build/widget.js";
window.W = W;
window.events = [];
window.errors = [];
window.client = W.createIdentityClient({ publicToken: ${JSON.stringify(PUBLIC_TOKEN)}, baseUrl: location.origin });
window.callbacks = {
  onEvent: (e) => window.events.push(e),
  onError: (e) => window.errors.push(String(e && e.message || e)),
};
window.ready = true;
</script></body></html>`;
}

/** The magic link / OAuth redirect target: exchanges the token in the browser (PKCE verifier) and says who. */
export function authenticatePage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Authenticate</title></head><body>
<p id="status">Authenticating…</p>
<script type="module">
import * as W from "/build/widget.js";
const client = W.createIdentityClient({ publicToken: ${JSON.stringify(PUBLIC_TOKEN)}, baseUrl: location.origin });
const q = new URLSearchParams(location.search);
try {
  const api = q.get("stytch_token_type") === "oauth" ? client.oauth : client.magicLinks;
  const r = await api.authenticate(q.get("token"), { session_duration_minutes: 30 });
  document.getElementById("status").textContent = "Signed in as " + r.user.emails[0].email;
} catch (e) {
  document.getElementById("status").textContent = "Failed: " + (e.error_message || e.message);
}
</script></body></html>`;
}

/** The screenshot gallery: renders any screen with a given state (e2e/gallery.tsx). */
export function galleryPage(): string {
  return hostPage({ title: "Gallery" }).replace(
    'import * as W from "/build/widget.js";',
    'import * as W from "/build/widget.js";\nimport * as G from "/build/gallery.js";\nwindow.G = G;',
  );
}
