import type { IdentityClient } from "@dubbing/identity-client";
import { type ReactNode, useState } from "react";
import type { Callbacks, SignInConfig } from "./config.ts";
import { useIdentityClient } from "./IdentityProvider.tsx";
import { WidgetProvider } from "./Provider.tsx";
import { Screens } from "./Screens.tsx";
import { Shell } from "./Shell.tsx";
import { initialState, type WidgetState } from "./state.ts";

export interface WidgetProps {
  /** The page's identity client (one per page); default: the one of the nearest <IdentityProvider>. */
  client?: IdentityClient;
  config?: SignInConfig;
  callbacks?: Callbacks;
}

/** Internal: any widget, starting from a given state (used by the three entry components and the tests). */
export function Widget({
  client,
  config = {},
  callbacks,
  initial,
  body,
}: WidgetProps & { initial: WidgetState; body?: ReactNode }) {
  const identity = useIdentityClient(client);
  return (
    <Shell theme={config.theme} shadow={config.enableShadowDOM}>
      <WidgetProvider client={identity} config={config} callbacks={callbacks} initial={initial}>
        {body ?? <Screens />}
      </WidgetProvider>
    </Shell>
  );
}

/** The sign-in widget (login mount mode): starts on Main. */
export function SignIn(props: WidgetProps) {
  const [initial] = useState(() => initialState("main"));
  return <Widget {...props} initial={initial} />;
}
