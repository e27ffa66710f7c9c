import { useState } from "react";
import { type OAuthProviderConfig, oauthProviders } from "../config.ts";
import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorText } from "../ui/ErrorText.tsx";
import { ProviderIcon, providerName } from "../ui/ProviderIcon.tsx";
import { OneTap } from "./OneTap.tsx";

/** 'Continue with {provider}' for each configured provider; Google One Tap replaces Google's when on. */
export function OAuthButtons() {
  const ctx = useWidget();
  const providers = oauthProviders(ctx.config);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [oneTap, setOneTap] = useState<{ failed: boolean; message: string | null }>({
    failed: false,
    message: null,
  });

  const start = async (p: OAuthProviderConfig) => {
    const o = ctx.config.oauthOptions;
    setBusy(p.type);
    setError(null);
    try {
      await ctx.client.oauth.start(p.type, {
        ...(o?.loginRedirectURL ? { login_redirect_url: o.loginRedirectURL } : {}),
        ...(o?.signupRedirectURL ? { signup_redirect_url: o.signupRedirectURL } : {}),
        ...(p.custom_scopes ? { custom_scopes: p.custom_scopes } : {}),
        ...(p.provider_params ? { provider_params: p.provider_params } : {}),
      });
    } catch (err) {
      setError(ctx.reportError(err));
      setBusy(null);
    }
  };

  return (
    <div className="dbsw-stack dbsw-stack--tight">
      {providers.map((p) =>
        p.type === "google" && p.one_tap && !oneTap.failed ? (
          <OneTap key={p.type} provider={p} onFallback={(message) => setOneTap({ failed: true, message })} />
        ) : (
          <Button
            key={p.type}
            variant="secondary"
            icon={<ProviderIcon type={p.type} />}
            disabled={busy !== null}
            onClick={() => void start(p)}
          >
            {TEXT.continueWith(providerName(p.type))}
          </Button>
        ),
      )}
      <ErrorText message={error ?? oneTap.message} />
    </div>
  );
}
