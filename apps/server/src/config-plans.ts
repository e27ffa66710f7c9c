// The operator's plans and sign-up rule, read with the other settings (config.ts): PLANS_FILE,
// SIGNUP_PLAN, SIGNUP_ALLOWED_EMAILS and the Stripe price of each plan that has one.
import { readFileSync } from "node:fs";
import {
  type Billing,
  BUILT_IN_PLANS,
  isPaid,
  type Plan,
  planFromFile,
  plansFileSchema,
} from "@dubbing/contract";

export interface PlansConfig {
  /** In the order the pricing pages show them. */
  list: Plan[];
  /** SIGNUP_PLAN: a new account's plan, and the limits of an account whose plan is no longer defined. */
  signup: string;
}

/** Per plan id: the Stripe price ids that buy it (STRIPE_PRICE_<ID>_MONTHLY / _YEARLY). */
export type StripePrices = Record<string, Partial<Record<Billing, string>>>;

/**
 * Who may make a new account: anyone (null), or the listed addresses and domains. Invitations and
 * ADMIN_EMAILS are let in besides (auth/sign-up-rule.ts).
 */
export interface SignUpList {
  emails: ReadonlySet<string>;
  /** Lower-case, without the "@". */
  domains: ReadonlySet<string>;
}

/** Pure: PLANS_FILE (its text read by `read`) and SIGNUP_PLAN, or every problem with them. */
export function readPlans(
  env: Record<string, string | undefined>,
  read: (file: string) => string = (file) => readFileSync(file, "utf8"),
): { plans: PlansConfig; problems: string[] } {
  const problems: string[] = [];
  let list = BUILT_IN_PLANS;
  const file = env.PLANS_FILE?.trim();
  if (file) {
    const parsed = parseJson(file, read);
    if (typeof parsed === "string") problems.push(`PLANS_FILE: ${parsed}`);
    else {
      const plans = plansFileSchema.safeParse(parsed.value);
      if (plans.success) list = plans.data.map(planFromFile);
      else
        for (const issue of plans.error.issues)
          problems.push(
            `PLANS_FILE: ${issue.path.length ? `[${issue.path.join("].")}: ` : ""}${issue.message}`,
          );
    }
  }
  const signup = env.SIGNUP_PLAN?.trim() || "free";
  if (problems.length === 0 && !list.some((p) => p.id === signup))
    problems.push(
      `SIGNUP_PLAN: "${signup}" is not one of the plans (${list.map((p) => p.id).join(", ")}); set SIGNUP_PLAN to one of them`,
    );
  return { plans: { list, signup }, problems };
}

function parseJson(file: string, read: (file: string) => string): { value: unknown } | string {
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    return `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return `${file} is not JSON (${(error as Error).message})`;
  }
}

/** Pure: STRIPE_PRICE_<ID>_<BILLING> of each plan with a price ("team-2" reads STRIPE_PRICE_TEAM_2_…). */
export function stripePrices(env: Record<string, string | undefined>, plans: Plan[]): StripePrices {
  const prices: StripePrices = {};
  for (const plan of plans.filter(isPaid)) {
    const name = `STRIPE_PRICE_${plan.id.toUpperCase().replaceAll("-", "_")}`;
    const monthly = env[`${name}_MONTHLY`]?.trim();
    const yearly = env[`${name}_YEARLY`]?.trim();
    prices[plan.id] = { ...(monthly && { monthly }), ...(yearly && { yearly }) };
  }
  return prices;
}

/** Pure: SIGNUP_ALLOWED_EMAILS ("a@x.com, @y.org", or "none": invitations only), or its problems. */
export function readSignUpList(value: string | undefined): { list: SignUpList | null; problems: string[] } {
  const entries = (value ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return { list: null, problems: [] };
  const emails = new Set<string>();
  const domains = new Set<string>();
  const problems: string[] = [];
  for (const entry of entries) {
    if (entry === "none") continue;
    if (/^@[a-z0-9.-]+\.[a-z0-9-]+$/.test(entry)) domains.add(entry.slice(1));
    else if (/^[^@\s]+@[a-z0-9.-]+\.[a-z0-9-]+$/.test(entry)) emails.add(entry);
    else problems.push(`SIGNUP_ALLOWED_EMAILS: "${entry}" is neither an address nor an @domain`);
  }
  return { list: { emails, domains }, problems };
}
