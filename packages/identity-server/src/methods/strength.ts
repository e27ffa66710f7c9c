// Password strength: zxcvbn or LUDS, plus a breached-password check (pure functions once loaded).
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { lazy } from "../lazy.ts";
import type { PasswordPolicy } from "../options.ts";

// zxcvbn's dictionaries are ~10 MB of heap: loaded by the first password, not by every server start.
// The breached list is the leaked-password corpus shipped in @zxcvbn-ts/language-common (top passwords
// from public breach dumps), held as a set for exact look-ups.
const dictionaries = lazy(async () => {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]);
  const zxcvbn: ZxcvbnFactory = new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  const breached = new Set(common.dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return { zxcvbn, breached };
});

export async function isBreached(password: string): Promise<boolean> {
  return (await dictionaries()).breached.has(password.toLowerCase());
}

interface LudsResult {
  has_lower_case: boolean;
  has_upper_case: boolean;
  has_digit: boolean;
  has_symbol: boolean;
  missing_complexity: number;
  missing_characters: number;
}

export function luds(password: string, minimumCount: number, complexity: number): LudsResult {
  const has_lower_case = /\p{Ll}/u.test(password);
  const has_upper_case = /\p{Lu}/u.test(password);
  const has_digit = /\p{Nd}/u.test(password);
  const has_symbol = /[^\p{L}\p{Nd}]/u.test(password);
  const kinds = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  return {
    has_lower_case,
    has_upper_case,
    has_digit,
    has_symbol,
    missing_complexity: Math.max(0, complexity - kinds),
    missing_characters: Math.max(0, minimumCount - [...password].length),
  };
}

interface StrengthResult {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: "zxcvbn" | "luds";
  feedback: { warning: string; suggestions: string[]; luds_requirements: LudsResult };
}

export const MAX_PASSWORD_LENGTH = 256;

export async function checkStrength(
  policy: PasswordPolicy,
  password: string,
  email?: string,
): Promise<StrengthResult> {
  const { zxcvbn } = await dictionaries();
  const breachedPassword = await isBreached(password);
  const ludsResult = luds(password, policy.ludsMinimumCount, policy.ludsComplexity);
  const userInputs = email ? [email, email.split("@")[0] ?? ""] : [];
  const z = zxcvbn.check(password.slice(0, 100), userInputs);
  const tooLong = password.length > MAX_PASSWORD_LENGTH;
  if (policy.type === "luds") {
    const ok = ludsResult.missing_characters === 0 && ludsResult.missing_complexity === 0;
    return {
      valid_password: ok && !breachedPassword && !tooLong,
      score: z.score,
      breached_password: breachedPassword,
      breach_detection_on_create: true,
      strength_policy: "luds",
      feedback: {
        warning: breachedPassword ? "This password appears in a list of breached passwords." : "",
        suggestions: [],
        luds_requirements: ludsResult,
      },
    };
  }
  const warning = breachedPassword
    ? "This password appears in a list of breached passwords."
    : (z.feedback.warning ?? "");
  return {
    valid_password: z.score >= 3 && !breachedPassword && !tooLong,
    score: z.score,
    breached_password: breachedPassword,
    breach_detection_on_create: true,
    strength_policy: "zxcvbn",
    feedback: {
      warning,
      suggestions: z.feedback.suggestions ?? [],
      luds_requirements: ludsResult,
    },
  };
}
