import type { StrengthCheckResponse } from "@dubbing/identity-client";
import { useEffect, useState } from "react";
import { STRENGTH_DEBOUNCE_MS } from "../constants.ts";
import { useWidget } from "../context.tsx";
import { errorText } from "../errors.ts";

interface Strength {
  result: StrengthCheckResponse | null;
  /** invalid_email and other check failures. */
  error: string | null;
  /** True while a check for the current password is pending. */
  checking: boolean;
}

/** The strength check is debounced and sent on each change; the server decides. */
export function useStrengthCheck(password: string, email?: string): Strength {
  const { client } = useWidget();
  const [state, setState] = useState<Strength>({ result: null, error: null, checking: false });
  useEffect(() => {
    if (!password) {
      setState({ result: null, error: null, checking: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, checking: true }));
    const timer = setTimeout(() => {
      client.passwords
        .strengthCheck({ password, ...(email ? { email } : {}) })
        .then((result) => live && setState({ result, error: null, checking: false }))
        .catch((err: unknown) => live && setState({ result: null, error: errorText(err), checking: false }));
    }, STRENGTH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [client, password, email]);
  return state;
}
