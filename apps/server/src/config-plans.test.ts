import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { readPlans, readSignUpList, stripePrices } from "./config-plans.ts";

const plan = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id.toUpperCase(),
  prices: null,
  minutesPerMonth: null,
  longestVideoMinutes: 120,
  translationsPerMonth: null,
  storyboardVideosPerMonth: 10,
  imageSearchesPerHour: 100,
  storageGiB: 50,
  ...extra,
});
const files = (text: string) => (file: string) => {
  if (file !== "plans.json") throw Object.assign(new Error("no such file"), { code: "ENOENT" });
  return text;
};

describe("PLANS_FILE and SIGNUP_PLAN", () => {
  it("without PLANS_FILE: the built-in plans, new accounts on Free", () => {
    const { plans, problems } = readPlans({});
    expect(problems).toEqual([]);
    expect(plans.list.map((p) => p.id)).toEqual(["free", "pro", "executive"]);
    expect(plans.signup).toBe("free");
  });

  it("reads the operator's plans in minutes and GiB, null for no limit", () => {
    const read = files(
      JSON.stringify([plan("team", { prices: { monthly: 20, yearly: 15 } }), plan("owner")]),
    );
    const { plans, problems } = readPlans({ PLANS_FILE: "plans.json", SIGNUP_PLAN: "team" }, read);
    expect(problems).toEqual([]);
    expect(plans.signup).toBe("team");
    expect(plans.list[0]).toEqual({
      id: "team",
      name: "TEAM",
      monthlyPrice: 20,
      yearlyMonthlyPrice: 15,
      limitSeconds: null,
      maxVideoSeconds: 7200,
      quotas: { translations: null, storyboardVideos: 10, imageSearches: 100 },
      storedBytes: 50 * 1024 ** 3,
    });
  });

  it("lists every problem: unreadable, not JSON, a missing field, a sign-up plan it lacks", () => {
    expect(readPlans({ PLANS_FILE: "gone.json" }, files("")).problems).toEqual([
      "PLANS_FILE: cannot read gone.json (ENOENT)",
    ]);
    expect(readPlans({ PLANS_FILE: "plans.json" }, files("{plans")).problems[0]).toMatch(
      /^PLANS_FILE: plans.json is not JSON/,
    );
    const { minutesPerMonth: _, ...missing } = plan("a");
    const bad = readPlans(
      { PLANS_FILE: "plans.json" },
      files(JSON.stringify([missing, plan("b", { storageGiB: "lots" })])),
    ).problems;
    expect(bad).toEqual([
      expect.stringMatching(/^PLANS_FILE: \[0\]\.minutesPerMonth: /),
      expect.stringMatching(/^PLANS_FILE: \[1\]\.storageGiB: /),
    ]);
    expect(readPlans({ PLANS_FILE: "plans.json" }, files(JSON.stringify([plan("team")]))).problems).toEqual([
      'SIGNUP_PLAN: "free" is not one of the plans (team); set SIGNUP_PLAN to one of them',
    ]);
  });

  it("stops the start with the other settings' problems", () => {
    let error: unknown;
    try {
      loadConfig({ PLANS_FILE: "/nonexistent/plans.json", SIGNUP_ALLOWED_EMAILS: "nobody", PORT: "x" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: /),
        "PLANS_FILE: cannot read /nonexistent/plans.json (ENOENT)",
        'SIGNUP_ALLOWED_EMAILS: "nobody" is neither an address nor an @domain',
      ]),
    );
  });

  it("reads each priced plan's Stripe prices by its id", () => {
    const { plans } = readPlans(
      { PLANS_FILE: "plans.json", SIGNUP_PLAN: "team-2" },
      files(JSON.stringify([plan("team-2", { prices: { monthly: 9, yearly: 7 } }), plan("free")])),
    );
    expect(
      stripePrices({ STRIPE_PRICE_TEAM_2_MONTHLY: "price_t2m", STRIPE_PRICE_FREE_MONTHLY: "x" }, plans.list),
    ).toEqual({
      "team-2": { monthly: "price_t2m" },
    });
  });
});

describe("SIGNUP_ALLOWED_EMAILS", () => {
  it("is nobody's business unset, else addresses and @domains ('none': invitations only)", () => {
    expect(readSignUpList(undefined).list).toBeNull();
    expect(readSignUpList(" ").list).toBeNull();
    const { list, problems } = readSignUpList("Ann@Example.com, @Team.org");
    expect(problems).toEqual([]);
    expect([...list!.emails]).toEqual(["ann@example.com"]);
    expect([...list!.domains]).toEqual(["team.org"]);
    const none = readSignUpList("none").list!;
    expect(none.emails.size + none.domains.size).toBe(0);
  });
});
