import type { BootstrapManager } from "./bootstrap.ts";
import type { CAPTCHA_ACTION } from "./constants.ts";
import type { CaptchaProvider } from "./http.ts";

/** The part of Google reCAPTCHA Enterprise's browser API the provider uses. */
export interface RecaptchaEnterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Loads reCAPTCHA Enterprise for a site key (by adding its script tag once) and resolves to its API. */
export function loadRecaptchaEnterprise(siteKey: string): Promise<RecaptchaEnterprise> {
  const g = globalThis as { grecaptcha?: { enterprise?: RecaptchaEnterprise }; document?: Document };
  const ready = (resolve: (r: RecaptchaEnterprise) => void, reject: (e: Error) => void) => {
    const api = g.grecaptcha?.enterprise;
    if (!api) return reject(new Error("reCAPTCHA loaded but grecaptcha.enterprise is missing"));
    api.ready(() => resolve(api));
  };
  return new Promise((resolve, reject) => {
    if (g.grecaptcha?.enterprise) return ready(resolve, reject);
    const doc = g.document;
    if (!doc) return reject(new Error("reCAPTCHA needs a browser document"));
    const src = `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
    let script = doc.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (!script) {
      script = doc.createElement("script");
      script.src = src;
      script.async = true;
      doc.head.appendChild(script);
    }
    script.addEventListener("load", () => ready(resolve, reject));
    script.addEventListener("error", () => reject(new Error(`${src} could not be loaded`)));
  });
}

/**
 * A captcha provider backed by reCAPTCHA Enterprise. The site key is read lazily (e.g. from the bootstrap
 * settings); while there is none, no token is produced and captcha-protected calls go out without one.
 */
export function createRecaptchaProvider(options: {
  siteKey: string | (() => Promise<string | undefined>);
  load?: (siteKey: string) => Promise<RecaptchaEnterprise>;
}): CaptchaProvider {
  const load = options.load ?? loadRecaptchaEnterprise;
  const cache = new Map<string, Promise<RecaptchaEnterprise>>();
  return {
    async executeCaptcha(action: typeof CAPTCHA_ACTION) {
      const siteKey = typeof options.siteKey === "string" ? options.siteKey : await options.siteKey();
      if (!siteKey) return undefined;
      let client = cache.get(siteKey);
      if (!client) {
        client = load(siteKey);
        cache.set(siteKey, client);
        client.catch(() => cache.delete(siteKey));
      }
      return (await client).execute(siteKey, { action });
    },
  };
}

/** The default provider: reCAPTCHA with the site key from the project's bootstrap settings, when enabled. */
export function bootstrapRecaptchaProvider(
  bootstrap: Pick<BootstrapManager, "get">,
  load?: (siteKey: string) => Promise<RecaptchaEnterprise>,
): CaptchaProvider {
  return createRecaptchaProvider({
    siteKey: async () => {
      const { captchaSettings } = await bootstrap.get();
      return captchaSettings.enabled ? captchaSettings.siteKey : undefined;
    },
    ...(load ? { load } : {}),
  });
}
