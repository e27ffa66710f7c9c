import type { IdentityClient } from "@dubbing/identity-client";
import { createContext, type ReactNode, useContext } from "react";

const ClientContext = createContext<IdentityClient | null>(null);

/** Hands the page's identity client to every widget below, so `<SignIn config callbacks />` needs no prop. */
export function IdentityProvider({ client, children }: { client: IdentityClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client from the prop, else from the nearest IdentityProvider. */
export function useIdentityClient(client: IdentityClient | undefined): IdentityClient {
  const fromContext = useContext(ClientContext);
  const found = client ?? fromContext;
  if (!found) throw new Error("Pass `client` or render the widget inside <IdentityProvider client={…}>.");
  return found;
}
