import { useEffect, useId, useRef } from "react";
import type { OAuthProviderConfig } from "../config.ts";
import { useWidget } from "../context.tsx";
import { ERRORS, ONE_TAP_ERRORS } from "../messages.ts";
import { loadGoogleIdentity } from "./googleScript.ts";

/** A reason the server named (e.g. `oauth_config_not_found`), else its message, else the error's. */
function reasonOf(err: unknown): string {
  const e = (err ?? {}) as { error_type?: unknown; error_message?: unknown };
  if (typeof e.error_type === "string" && ONE_TAP_ERRORS.has(e.error_type)) return e.error_type;
  if (typeof e.error_message === "string" && e.error_message) return e.error_message;
  return err instanceof Error ? err.message : String(err);
}

/** The specified text for a One Tap failure reason. */
function oneTapMessage(reason: string): string {
  return `${ERRORS.oneTapCouldNotLoad}: ${ONE_TAP_ERRORS.get(reason) ?? reason}`;
}

/**
 * Google One Tap: pending (a 47 px placeholder) while Google's script loads. On cancel or failure it is
 * hidden and `onFallback` brings the Google button back, with the specified message when One Tap could not load.
 */
export function OneTap({
  provider,
  onFallback,
}: {
  provider: OAuthProviderConfig;
  onFallback: (message: string | null) => void;
}) {
  const ctx = useWidget();
  const parentId = `dbsw-onetap-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const redirect = ctx.config.oauthOptions?.loginRedirectURL;
  const signupRedirect = ctx.config.oauthOptions?.signupRedirectURL;
  const latest = useRef({ ctx, onFallback });
  latest.current = { ctx, onFallback };

  useEffect(() => {
    let live = true;
    const fail = (reason: string | null) => {
      if (!live) return;
      live = false;
      const text = reason ? oneTapMessage(reason) : null;
      if (text) latest.current.ctx.reportError(new Error(text));
      latest.current.onFallback(text);
    };
    if (!provider.client_id) return fail("oauth_config_not_found");
    if (!redirect) return fail("no_login_redirect_urls_set");
    if (!signupRedirect) return fail("no_signup_redirect_urls_set");
    // The identity server's single-use nonce goes into Google's prompt, so the credential Google hands
    // back can be used once, here, for this sign-in.
    const client = latest.current.ctx.client;
    Promise.all([
      client.oauth.googleOneTap.start({ login_redirect_url: redirect, signup_redirect_url: signupRedirect }),
      loadGoogleIdentity(),
    ])
      .then(([{ nonce }, google]) => {
        if (!live) return;
        google.accounts.id.initialize({
          client_id: provider.client_id,
          nonce,
          callback: (r: { credential?: string }) => {
            latest.current.ctx.emit("GOOGLE_ONE_TAP", { credential: r.credential });
            client.oauth.googleOneTap
              .submit(r.credential ?? "")
              .then((url) => window.location.assign(url))
              .catch((err: unknown) => fail(reasonOf(err)));
          },
          cancel_on_tap_outside: false,
          ...(provider.position === "floating" ? {} : { prompt_parent_id: parentId }),
        });
        google.accounts.id.prompt((n) => {
          if (n.isNotDisplayed?.()) fail(n.getNotDisplayedReason?.() ?? null);
          else if (n.isSkippedMoment?.()) fail(null);
        });
      })
      .catch((err: unknown) => fail(reasonOf(err)));
    return () => {
      live = false;
    };
  }, [provider, redirect, signupRedirect, parentId]);

  return <div id={parentId} className="dbsw-onetap" aria-busy="true" data-testid="one-tap" />;
}
