import { createRoot, type Root } from "react-dom/client";
import { ERRORS } from "./messages.ts";
import { PasskeyRegistration } from "./PasskeyRegistration.tsx";
import { ResetPassword, type ResetPasswordProps } from "./ResetPassword.tsx";
import { SignIn, type WidgetProps } from "./SignIn.tsx";

export interface MountedWidget {
  /** Removes the widget from the page. */
  unmount(): void;
}

function target(selector: string): Element {
  const el = typeof document === "undefined" ? null : document.querySelector(selector);
  if (!el) throw new Error(ERRORS.noSelector(selector));
  return el;
}

function render(selector: string, node: React.ReactNode): MountedWidget {
  const root: Root = createRoot(target(selector));
  root.render(node);
  return { unmount: () => root.unmount() };
}

/** Mounts the sign-in widget (starts on Main) into the element `selector` matches; throws when none does. */
export function mount(selector: string, options: WidgetProps): MountedWidget {
  return render(selector, <SignIn {...options} />);
}

/** Mounts the password reset form (token and type from the page's query unless given). */
export function mountResetPassword(selector: string, options: ResetPasswordProps): MountedWidget {
  return render(selector, <ResetPassword {...options} />);
}

/** Mounts passkey registration (needs a signed-in user). */
export function mountPasskeyRegistration(selector: string, options: WidgetProps): MountedWidget {
  return render(selector, <PasskeyRegistration {...options} />);
}
