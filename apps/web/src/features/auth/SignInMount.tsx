import { createIdentityClient } from "@dubbing/identity-client";
import { SignIn } from "@dubbing/signin-widget";
import { useState } from "react";
import type { AppConfig } from "../../api/types.ts";
import { signInConfig } from "./signin-config.ts";

/** The sign-in widget with one identity client for the page. Loaded lazily: only /login needs it. */
export default function SignInMount({ config }: { config: AppConfig }) {
  const [{ client, widget }] = useState(() => {
    const c = signInConfig(config);
    return {
      client: createIdentityClient({ publicToken: c.publicToken, baseUrl: c.sdkBaseUrl }),
      widget: c.widget,
    };
  });
  return (
    <SignIn
      client={client}
      config={widget}
      callbacks={{ onError: (error) => console.error("Sign-in widget", error) }}
    />
  );
}
