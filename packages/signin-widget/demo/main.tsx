// The demo page: every product on. Passcodes and links are printed in the `npm run demo` terminal.
import { createIdentityClient, OAUTH_PROVIDERS } from "@dubbing/identity-client";
import { createRoot } from "react-dom/client";
import { PasskeyRegistration, ResetPassword, SignIn, type SignInConfig } from "../src/index.ts";
import { DEMO_PUBLIC_TOKEN } from "./token.ts";

const client = createIdentityClient({ publicToken: DEMO_PUBLIC_TOKEN, baseUrl: location.origin });
const status = document.querySelector("#status") as HTMLElement;
client.onStateChange((s) => {
  status.textContent = s?.session ? `Signed in (${s.user?.user_id})` : "Signed out";
});

const redirect = `${location.origin}/`;
const baseConfig: SignInConfig = {
  products: ["oauth", "otp", "passwords", "crypto", "passkeys"],
  oauthOptions: {
    providers: OAUTH_PROVIDERS.slice(0, 4).map((type) => ({ type })),
    loginRedirectURL: redirect,
    signupRedirectURL: redirect,
  },
  otpOptions: { methods: ["email", "sms", "whatsapp"], expirationMinutes: 10 },
  passwordOptions: {
    resetPasswordRedirectURL: `${location.origin}/reset`,
    loginRedirectURL: `${location.origin}/reset`,
  },
  sessionOptions: { sessionDurationMinutes: 60 },
};
const purple = {
  colors: { primary: "#5b21b6" },
  container: { borderRadius: "16px" },
  buttons: { primary: { backgroundColor: "#5b21b6", borderColor: "#5b21b6", borderRadius: "999px" } },
};

const root = createRoot(document.querySelector("#app") as HTMLElement);
const shadow = document.querySelector("#shadow") as HTMLInputElement;
const themed = document.querySelector("#themed") as HTMLInputElement;

function render() {
  const config: SignInConfig = {
    ...baseConfig,
    enableShadowDOM: shadow.checked,
    ...(themed.checked ? { theme: purple } : {}),
  };
  const key = `${shadow.checked}-${themed.checked}`;
  const callbacks = {
    onEvent: (e: unknown) => console.info("onEvent", e),
    onError: (e: unknown) => console.warn("onError", e),
  };
  if (location.pathname === "/reset")
    root.render(<ResetPassword key={key} client={client} config={config} callbacks={callbacks} />);
  else if (new URLSearchParams(location.search).has("passkeys"))
    root.render(<PasskeyRegistration key={key} client={client} config={config} callbacks={callbacks} />);
  else root.render(<SignIn key={key} client={client} config={config} callbacks={callbacks} />);
}
shadow.addEventListener("change", render);
themed.addEventListener("change", render);
render();
