// Screenshot gallery: renders any screen with a given state, on the real client against the real server.
// Only the e2e build includes it; it reaches into the package's internals on purpose.
import { createIdentityClient } from "@dubbing/identity-client";
import { createRoot, type Root } from "react-dom/client";
import type { SignInConfig } from "../src/config.ts";
import { ResetPassword } from "../src/ResetPassword.tsx";
import { Widget } from "../src/SignIn.tsx";
import { initialState, type Screen, type WidgetState } from "../src/state.ts";

let root: Root | null = null;

export function showScreen(
  publicToken: string,
  screen: Screen,
  config: SignInConfig,
  state: Partial<WidgetState> = {},
): void {
  const client = createIdentityClient({ publicToken, baseUrl: location.origin, autoRefresh: false });
  const el = document.querySelector("#app");
  if (!el) throw new Error("no #app");
  root?.unmount();
  root = createRoot(el);
  root.render(<Widget client={client} config={config} initial={initialState(screen, state)} />);
}

/** The reset form's 'login' token path ('Logging in' with the spinner). */
export function showResetLogin(publicToken: string): void {
  const client = createIdentityClient({ publicToken, baseUrl: location.origin, autoRefresh: false });
  const el = document.querySelector("#app");
  if (!el) throw new Error("no #app");
  root?.unmount();
  root = createRoot(el);
  root.render(<ResetPassword client={client} passwordResetToken="pending" tokenType="login" />);
}
