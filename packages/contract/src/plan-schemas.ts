// PLANS_FILE as an operator writes it (minutes and GiB, every field present, null for no limit), and
// GET /api/plans as the web app reads it.
import { z } from "zod";
import { type Plan, QUOTA_KINDS } from "./plans.ts";

const limit = (unit: string) => z.number().nonnegative(`a number of ${unit} or null`).nullable();

/** One plan of PLANS_FILE. Every field is required: a forgotten limit must not silently mean "none". */
const planFileEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "lower-case letters, digits and hyphens"),
  name: z.string().trim().min(1).max(40),
  /** USD per month, billed monthly and billed yearly; null: shown without a price, never sold. */
  prices: z.strictObject({ monthly: z.number().nonnegative(), yearly: z.number().nonnegative() }).nullable(),
  minutesPerMonth: limit("minutes"),
  longestVideoMinutes: limit("minutes"),
  translationsPerMonth: limit("translations").pipe(z.int().nullable()),
  storyboardVideosPerMonth: limit("videos").pipe(z.int().nullable()),
  imageSearchesPerHour: limit("searches").pipe(z.int().nullable()),
  storageGiB: limit("GiB"),
});
type PlanFileEntry = z.infer<typeof planFileEntrySchema>;

export const plansFileSchema = z
  .array(planFileEntrySchema)
  .min(1, "at least one plan")
  .superRefine((plans, ctx) => {
    const seen = new Set<string>();
    for (const [i, plan] of plans.entries()) {
      if (seen.has(plan.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: `"${plan.id}" twice` });
      seen.add(plan.id);
    }
  });

const GiB = 1024 ** 3;
const times = (value: number | null, factor: number) => (value === null ? null : Math.round(value * factor));

/** Pure: a PLANS_FILE entry as the server and the web app use a plan. */
export function planFromFile(entry: PlanFileEntry): Plan {
  return {
    id: entry.id,
    name: entry.name,
    monthlyPrice: entry.prices?.monthly ?? null,
    yearlyMonthlyPrice: entry.prices?.yearly ?? null,
    limitSeconds: times(entry.minutesPerMonth, 60),
    maxVideoSeconds: times(entry.longestVideoMinutes, 60),
    quotas: {
      translations: entry.translationsPerMonth,
      storyboardVideos: entry.storyboardVideosPerMonth,
      imageSearches: entry.imageSearchesPerHour,
    },
    storedBytes: times(entry.storageGiB, GiB),
  };
}

const orNone = z.number().nullable();
const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthlyPrice: orNone,
  yearlyMonthlyPrice: orNone,
  limitSeconds: orNone,
  maxVideoSeconds: orNone,
  quotas: z.object(Object.fromEntries(QUOTA_KINDS.map((k) => [k, orNone])) as Record<string, typeof orNone>),
  storedBytes: orNone,
});

/** GET /api/plans. */
export const planListSchema = z.object({ plans: z.array(planSchema), signupPlan: z.string() });

/** POST /api/admin/invites body: the address that may then sign up, and the plan its account starts on. */
export const adminInviteSchema = z.object({
  email: z.email("Enter an email address.").max(320),
  plan: z.string().trim().min(1).max(40),
});

/** PUT /api/admin/users/:id/plan body. */
export const adminSetPlanSchema = z.object({ plan: z.string().trim().min(1).max(40) });
