import type { Handler } from "@dubbing/identity-client/testing";
import { testClient } from "@dubbing/identity-client/testing";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Callbacks, SignInConfig, WidgetEvent } from "../config.ts";
import { Widget } from "../SignIn.tsx";
import { initialState, type WidgetState } from "../state.ts";

interface RenderOptions {
  config?: SignInConfig;
  routes?: Record<string, Handler | Handler[]>;
  state?: WidgetState;
  callbacks?: Callbacks;
}

/**
 * Renders a widget on a scripted identity client (the client's own test support) and records what the
 * widget reports to the host.
 */
export function renderWidget({
  config = {},
  routes = {},
  state = initialState("main"),
  callbacks,
}: RenderOptions = {}) {
  const t = testClient({ routes });
  const events: WidgetEvent[] = [];
  const errors: unknown[] = [];
  const user = userEvent.setup();
  const view = render(
    <Widget
      client={t.client}
      config={config}
      initial={state}
      callbacks={{
        onEvent: (e) => events.push(e),
        onError: (e) => errors.push(e),
        ...callbacks,
      }}
    />,
  );
  /** The calls the widget made, as "METHOD /path" below /sdk/v1 (telemetry left out). */
  const routesCalled = () => t.calls.filter((c) => c.path !== "/events").map((c) => `${c.method} ${c.path}`);
  return { ...view, ...t, user, events, errors, routesCalled };
}
