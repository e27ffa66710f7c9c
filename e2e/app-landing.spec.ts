import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("shows every section in order, with links to sign up", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/AI Video Dubbing/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "How It Works",
      "Everything you need to go global",
      "Supported Languages",
      "Hear our AI voices",
      "Simple, transparent pricing",
      "Ready to Dub Your Videos?",
      "Frequently asked questions",
    ]);
    await expect(page.getByRole("link", { name: "Try for free!" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Reach a Global Audience" })).toHaveAttribute(
      "href",
      "/signup",
    );
    for (const step of ["Upload Your Video", "Choose Languages", "Review & Edit", "Download & Share"]) {
      await expect(page.getByRole("heading", { name: step })).toBeVisible();
    }
    for (const feature of ["Lifelike AI Voices", "Multiple Languages", "Easy Integration"]) {
      await expect(page.getByRole("heading", { name: feature })).toBeVisible();
    }
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Blog" })).toHaveAttribute(
      "href",
      "/blog",
    );
  });

  test("opens without the router, which loads at the first click that leaves it; Back returns", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const router = (names: string[]) => names.filter((name) => /\/start-[^/]*\.js$/.test(name));
    expect(router(scripts)).toEqual([]);
    // a page load marks the window; a move without reloading keeps the mark
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));
    await page.getByRole("link", { name: "Try for free!" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(/^Secure login is provided by/)).toBeVisible();
    expect(router(scripts)).toHaveLength(1);
    expect(await page.evaluate(() => "sameLoad" in window)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
    expect(await page.evaluate(() => "sameLoad" in window)).toBe(true);
  });

  test("lists the languages this server dubs into (its engines' answer), each flag drawn", async ({
    page,
    request,
  }) => {
    const dubbed: { code: string; name: string }[] = (await (await request.get("/api/config")).json()).offer
      .dubbed;
    expect(dubbed.length).toBeGreaterThan(0);
    await page.goto("/");
    const section = page.getByRole("region", { name: "Supported Languages" });
    const items = section.getByTestId("landing-language");
    await expect(items).toHaveText(dubbed.map((l) => l.name));
    const flags = await section
      .locator("img")
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    for (const src of flags) {
      const res = await request.get(src);
      expect(res.status(), src).toBe(200);
      expect(await res.text()).toContain("<svg");
    }
    // Every flag is drawn, not broken; a language without a flag shows its code instead of a blank.
    await section.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        section
          .locator("img")
          .evaluateAll((imgs) =>
            imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);
  });

  test("counts the languages and voices this server serves, keeping the claims only where they hold", async ({
    page,
    request,
  }) => {
    const { offer } = await (await request.get("/api/config")).json();
    const languages = offer.languages >= 20 ? "20+ languages" : `${offer.languages} languages`;
    const voices = offer.voices >= 50 ? "50+ natural voices" : `${offer.voices} natural voices`;
    await page.goto("/");
    await expect(page.getByText(`AI video dubbing in ${languages}`)).toBeVisible();
    await expect(page.getByText(`Translate into ${languages} and edit every line`)).toBeVisible();
    await expect(page.getByText(`${voices}, male and female`)).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`Dub your videos into ${languages}`);
  });

  test("the greetings behind the hero change every 3 seconds", async ({ page }) => {
    const t0 = new Date("2025-06-01T10:00:00Z");
    await page.clock.install({ time: t0 });
    await page.clock.pauseAt(new Date(t0.getTime() + 1000));
    await page.goto("/");
    const greetings = page.getByTestId("greetings");
    const before = await greetings.textContent();
    await expect(greetings).toHaveAttribute("data-step", "0");
    await page.clock.runFor(2900);
    await expect(greetings).toHaveAttribute("data-step", "0");
    await page.clock.runFor(200);
    await expect(greetings).toHaveAttribute("data-step", "1");
    expect(await greetings.textContent()).not.toBe(before);
  });

  test("pricing starts monthly and the toggle switches to yearly prices", async ({ page }) => {
    await page.goto("/#pricing");
    const pricing = page.locator("#pricing");
    await expect(pricing.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
    await expect(pricing.getByTestId("price-Free")).toHaveText("$0");
    await expect(pricing.getByTestId("price-Pro")).toHaveText("$149");
    await expect(pricing.getByTestId("price-Executive")).toHaveText("$1,349");
    await pricing.getByRole("button", { name: "Yearly" }).click();
    await expect(pricing.getByRole("button", { name: "Yearly" })).toHaveAttribute("aria-pressed", "true");
    await expect(pricing.getByTestId("price-Pro")).toHaveText("$109");
    await expect(pricing.getByTestId("price-Executive")).toHaveText("$999");
    const getStarted = pricing.getByRole("link", { name: /Get started/ });
    await expect(getStarted).toHaveCount(3);
    for (const link of await getStarted.all()) await expect(link).toHaveAttribute("href", "/signup");
    await expect(pricing.getByText("200 hours per month")).toBeVisible();
  });

  test("with an operator's plan file: priced plans and the sign-up plan, each with the file's limits", async ({
    page,
  }) => {
    // GET /api/plans as the server answers for such a file (apps/server/test/operator-plans.test.ts)
    const plan = (id: string, name: string, prices: [number, number] | null) => ({
      id,
      name,
      monthlyPrice: prices?.[0] ?? null,
      yearlyMonthlyPrice: prices?.[1] ?? null,
      limitSeconds: 600 * 60,
      maxVideoSeconds: 30 * 60,
      quotas: { translations: 3, storyboardVideos: 1, imageSearches: 10 },
      storedBytes: 5 * 2 ** 30,
    });
    await page.route("**/api/plans", (route) =>
      route.fulfill({
        json: {
          plans: [plan("trial", "Trial", null), plan("team", "Team", [20, 15]), plan("owner", "Owner", null)],
          signupPlan: "trial",
        },
      }),
    );
    await page.goto("/#pricing");
    const pricing = page.locator("#pricing");
    await expect(pricing.getByRole("region", { name: "Team plan" })).toBeVisible();
    await expect(pricing.getByRole("region", { name: "Trial plan" })).toBeVisible();
    await expect(pricing.getByRole("region", { name: "Owner plan" })).toHaveCount(0);
    const team = pricing.getByRole("region", { name: "Team plan" });
    await expect(team).toContainText("Videos up to 30 minutes long");
    await expect(team).toContainText("5 GiB of storage");
    await expect(pricing).not.toContainText("4K");
    await expect(pricing).not.toContainText("for 30 days");
  });

  test("voice cards request the real sample of their voice", async ({ page }) => {
    await page.goto("/");
    const requested = page.waitForRequest((r) => r.url().includes("/api/voices/sample/english/"));
    await page.getByRole("button", { name: /Play Ava, English female voice/ }).click();
    const req = await requested;
    expect(req.url()).toMatch(/\/api\/voices\/sample\/english\/en-US-AvaMultilingualNeural\.mp3$/);
  });

  test("FAQ answers open from the keyboard", async ({ page }) => {
    await page.goto("/");
    const question = page.getByText("How long does dubbing take?");
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByText(/depends on the video's length and on the engines this server runs/),
    ).toBeVisible();
  });

  test("the landing page loads no editor code and stays within 120 KB of gzipped JavaScript", async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts.some((s) => /ProjectEditorPage|TranscriptEditor|PlayerBar/.test(s))).toBe(false);
    const { gzipSync } = await import("node:zlib");
    let total = 0;
    for (const url of scripts) total += gzipSync(await (await request.get(url)).body()).length;
    expect(total).toBeGreaterThan(10_000);
    expect(total).toBeLessThanOrEqual(120 * 1024);
  });
});

test.describe("public pages", () => {
  test("policies state the 30-day refund rule and the minimum age of 13", async ({ page }) => {
    await page.goto("/refund-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
    await expect(page.getByText(/within 30 days of purchase/)).toBeVisible();
    await expect(page.getByText(/only while the subscription you paid for is still active/)).toBeVisible();
    await page.goto("/terms-of-service");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText(/at least 13 years old/)).toBeVisible();
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText(/children under 13/)).toBeVisible();
  });

  test("a signed-in page sends a visitor to /login, which shows the sign-in screen", async ({ page }) => {
    await page.goto("/projects/new");
    await expect(page).toHaveURL(/\/login\?next=%2Fprojects%2Fnew$/);
    await expect(
      page.getByText(/^Secure login is provided by this service's own identity provider/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unlock the Power of AI Dubbing" })).toBeVisible();
    // The widget offers the e-mail magic link and the configured social sign-ins: Google here, nothing else.
    await expect(page.getByRole("button", { name: "Continue with email" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Continue with / })).toHaveText([
      "Continue with email",
      "Continue with Google",
    ]);
    for (const benefit of ["Global Reach", "Time Efficiency", "Cost-Effective", "Easy to Use"]) {
      await expect(page.getByRole("heading", { name: benefit })).toBeVisible();
    }
  });

  test("the benefits panel is for large screens only", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/signup");
    await expect(
      page.getByText(/^Secure login is provided by this service's own identity provider/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unlock the Power of AI Dubbing" })).toBeHidden();
  });

  test("a route that fails to load shows the error page with its message", async ({ page }) => {
    // Forced by the test: the landing page's code cannot be fetched.
    await page.route(/LandingPage-.*\.js$/, (route) => route.abort());
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(
      page.getByText(/Failed to fetch dynamically imported module|Importing a module script failed/),
    ).toBeVisible();
  });
});
