import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * The Content-Security-Policy of every page (pure). Scripts only from this origin; inline styles are
 * allowed because React style attributes and the sign-in widget's injected styles need them. Images may
 * come from Pexels (storyboards), frames only from YouTube's privacy-enhanced embed (new project preview),
 * and no other site may frame the app (clickjacking).
 */
function contentSecurityPolicy(publicUrl: string): Record<string, string[] | null> {
  const https = publicUrl.startsWith("https:");
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://images.pexels.com"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "frame-src": ["https://www.youtube-nocookie.com"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
    // on plain-http development servers upgrading would break every request
    "upgrade-insecure-requests": https ? [] : null,
  };
}

/**
 * Helmet's headers: CSP, frame-ancestors, nosniff, referrer policy, and HSTS when served over HTTPS. The
 * middleware is built once (@fastify/helmet built it, parsing the CSP again, in two async hooks on every
 * request: ~3 % of an API process's CPU per request on the read path).
 */
export async function securityHeaders(app: FastifyInstance, publicUrl: string) {
  const https = publicUrl.startsWith("https:");
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The identity SDK API is called from other allowed origins (CORS); media is played by our pages.
    crossOriginResourcePolicy: { policy: "same-site" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    headers(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
