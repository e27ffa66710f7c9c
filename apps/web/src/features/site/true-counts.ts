import type { AppConfig } from "../../api/types.ts";
import { usePublicConfig } from "./site-info.ts";

type Offer = AppConfig["offer"];

/**
 * Pure: the copy's "20+ languages" and "50+ … voices" as this server serves them: the claim word for word
 * where the server reaches it, the server's own count where it does not. Unchanged while nothing is known.
 */
export function trueCounts(text: string, offer: Offer | null | undefined): string {
  if (!offer) return text;
  const count = (n: number, claim: number, claimed: string, noun: string) =>
    n >= claim ? claimed : `${n} ${noun}${n === 1 ? "" : "s"}`;
  return text
    .replace(/\b20\+ languages/g, (m) => count(offer.languages, 20, m, "language"))
    .replace(/\b50\+ ((?:[A-Za-z]+ )*?)voices/g, (m, kind: string) =>
      count(offer.voices, 50, m, `${kind}voice`),
    );
}

/** `trueCounts` with this server's offer (GET /api/config). */
export function useTrueCounts(): (text: string) => string {
  const offer = usePublicConfig()?.offer;
  return (text) => trueCounts(text, offer);
}
