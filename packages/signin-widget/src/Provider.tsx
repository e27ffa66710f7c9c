import type { BootstrapData, IdentityClient } from "@dubbing/identity-client";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { Callbacks, SignInConfig } from "./config.ts";
import { SESSION_DURATION_MINUTES } from "./constants.ts";
import { WidgetContext, type WidgetContextValue } from "./context.tsx";
import { errorText } from "./errors.ts";
import { reducer, type WidgetState } from "./state.ts";
import { Toaster, useToasts } from "./toasts.tsx";

interface ProviderProps {
  client: IdentityClient;
  config: SignInConfig;
  callbacks?: Callbacks | undefined;
  initial: WidgetState;
  children: ReactNode;
}

/** Holds the widget's state, the bootstrap data, toasts and the host callbacks for every screen. */
export function WidgetProvider({ client, config, callbacks = {}, initial, children }: ProviderProps) {
  const [state, dispatch] = useReducer(reducer, initial);
  const [bootstrap, setBootstrap] = useState<BootstrapData>(() => client.bootstrap.getSync());
  const { toasts, show, dismiss } = useToasts();
  const firstScreen = useRef(initial.screen);
  const [navigated, setNavigated] = useState(false);
  const cb = useRef(callbacks);
  cb.current = callbacks;

  useEffect(() => {
    let live = true;
    void client.bootstrap.get().then((b) => {
      if (live) setBootstrap(b);
    });
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    if (state.screen !== firstScreen.current) setNavigated(true);
  }, [state.screen]);

  const emit = useCallback((type: string, data: unknown) => cb.current.onEvent?.({ type, data }), []);
  const reportError = useCallback((err: unknown) => {
    cb.current.onError?.(err);
    return errorText(err);
  }, []);

  const value = useMemo<WidgetContextValue>(
    () => ({
      client,
      config,
      callbacks,
      state,
      dispatch,
      bootstrap,
      sessionDurationMinutes: config.sessionOptions?.sessionDurationMinutes ?? SESSION_DURATION_MINUTES,
      navigated,
      emit,
      reportError,
      toast: show,
    }),
    [client, config, callbacks, state, bootstrap, navigated, emit, reportError, show],
  );

  return (
    <WidgetContext.Provider value={value}>
      <Toaster toasts={toasts} dismiss={dismiss} />
      {children}
    </WidgetContext.Provider>
  );
}
