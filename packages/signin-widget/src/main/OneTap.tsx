import { useEffect, useId, useRef } from "react";
import type { OAuthProviderConfig } from "../config.ts";
import { useWidget } from "../context.tsx";
import { ERRORS, ONE_TAP_ERRORS } from "../messages.ts";
import { loadGoogleIdentity } from "./googleScript.ts";

/** The §8 text for a One Tap failure reason. */
export function oneTapMessage(reason: string): string {
  return `${ERRORS.oneTapCouldNotLoad}: ${ONE_TAP_ERRORS[reason] ?? reason}`;
}

/**
 * §4 Google One Tap: pending (a 47 px placeholder) while Google's script loads. On cancel or failure it is
 * hidden and `onFallback` brings the Google button back, with the §8 message when One Tap could not load.
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
    loadGoogleIdentity()
      .then((google) => {
        if (!live) return;
        google.accounts.id.initialize({
          client_id: provider.client_id,
          callback: (r: { credential?: string }) => {
            latest.current.ctx.emit("GOOGLE_ONE_TAP", { credential: r.credential });
            window.location.assign(redirect);
          },
          cancel_on_tap_outside: false,
          ...(provider.position === "floating" ? {} : { prompt_parent_id: parentId }),
        });
        google.accounts.id.prompt((n) => {
          if (n.isNotDisplayed?.()) fail(n.getNotDisplayedReason?.() ?? null);
          else if (n.isSkippedMoment?.()) fail(null);
        });
      })
      .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [provider, redirect, signupRedirect, parentId]);

  return <div id={parentId} className="dbsw-onetap" aria-busy="true" data-testid="one-tap" />;
}
