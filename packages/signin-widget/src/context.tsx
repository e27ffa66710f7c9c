import { type BootstrapData, defaultBootstrap, type IdentityClient } from "@dubbing/identity-client";
import { createContext, type Dispatch, useContext } from "react";
import type { Callbacks, SignInConfig } from "./config.ts";
import type { Action, WidgetState } from "./state.ts";
import type { ToastKind } from "./toasts.tsx";

export interface WidgetContextValue {
  client: IdentityClient;
  config: SignInConfig;
  callbacks: Callbacks;
  state: WidgetState;
  dispatch: Dispatch<Action>;
  bootstrap: BootstrapData;
  sessionDurationMinutes: number;
  /** True once the user moved off the first screen: new screens then take the focus. */
  navigated: boolean;
  /** Reports an event to the host's onEvent callback. */
  emit(type: string, data: unknown): void;
  /** Reports an error to the host's onError callback and returns the text to show. */
  reportError(err: unknown): string;
  toast(kind: ToastKind, text: string): void;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const ctx = useContext(WidgetContext);
  if (!ctx)
    throw new Error(
      "Widget components must be rendered inside <SignIn>, <ResetPassword> or <PasskeyRegistration>",
    );
  return ctx;
}

export { defaultBootstrap };
