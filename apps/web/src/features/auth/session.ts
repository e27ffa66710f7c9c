import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../api/client.ts";
import type { User } from "../../api/types.ts";
import { tellAffiliateOfSignup } from "./affiliate.ts";

const meKey = ["auth", "me"] as const;
export const subscriptionKey = ["stripe", "subscription", "active"] as const;

/** The signed-in user: null when the server answers 401; other failures are only logged (PRODUCT.md § Behaviour). */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    const user = await apiFetch<User>("/api/auth/me");
    tellAffiliateOfSignup(user.email);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    console.error("Failed to fetch the current user", error);
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: meKey, queryFn: fetchCurrentUser, retry: false, staleTime: 60_000 });
}

/** `subscriptionActive`: fetched after the user loads (PRODUCT.md § Behaviour). */
export function useSubscriptionActive(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: () => apiFetch<boolean>("/api/stripe/subscription/active"),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** Ends the session, then reloads on /login so no signed-in data stays in memory. */
export async function logout(go: (path: string) => void = (path) => window.location.replace(path)) {
  try {
    await apiFetch("/api/auth/logout", { method: "PUT" });
  } catch (error) {
    console.error("Logout failed", error);
  }
  go("/login");
}

/** Ends every session of the user, on every device and in the identity provider, then goes to /login. */
export async function logoutEverywhere(go: (path: string) => void = (path) => window.location.replace(path)) {
  await apiFetch("/api/auth/logout-everywhere", { method: "PUT" });
  go("/login");
}
