// Nothing a creator loses, nothing that looks unfinished: what a first-time user meets in
// the app, one test per item.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, type Line, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import type { Page } from "@playwright/test";
import { askForLink, expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

/**
 * A signed-in user with a ready project open in the editor (by default a transcribed English dialogue);
 * its id and where each line is spoken.
 */
async function openReadyProject(
  page: Page,
  tag: string,
  { lines = DIALOGUE.slice(0, 3), language = "en", ...timing }: OpenOptions = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `dub-e2e-${tag}-`));
  const { video, truth } = makeDialogue(dir, lines, { name: "talk", ...timing });
  await signIn(page, uniqueEmail(tag));
  const created = await page.request.post("/api/video/process", {
    multipart: {
      title: "First use",
      language,
      video: { name: "talk.mp4", mimeType: "video/mp4", buffer: readFileSync(video) },
    },
  });
  const id = (await created.json())._id as string;
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 120_000 });
  return { id, truth };
}

type OpenOptions = { lines?: Line[]; language?: string } & Parameters<typeof makeDialogue>[2];

test("unsaved edits: a link asks Save / Discard / Stay, a reload asks the browser, a closed tab is restored", async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  const { id } = await openReadyProject(page, "unsaved");
  const line = page.getByLabel("Text of segment 1");
  const original = (await (await page.request.get(`/api/video/${id}`)).json()).transcript[0].text as string;
  await expect(line).toHaveValue(original);
  const sidebar = page.getByTestId("sidebar");
  const guard = page.getByRole("dialog", { name: "You have unsaved changes" });
  const typeInto = async (text: string) => {
    // focused, not clicked: the sticky player may cover a line scrolled to the very top
    await line.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(text);
  };

  await test.step("a sidebar link: Stay keeps the edit, Discard leaves without it", async () => {
    await typeInto("An edit that must not vanish.");
    await sidebar.getByRole("link", { name: "Subscription" }).click();
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    await expect(line).toHaveValue("An edit that must not vanish.");
    await sidebar.getByRole("link", { name: "Subscription" }).click();
    await guard.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    await expect(line).toHaveValue(original);
    await expect(page.getByTestId("restore-draft")).toHaveCount(0);
  });

  await test.step("a reload asks first; a reload that goes ahead offers the edit back", async () => {
    await typeInto("Typed before the tab went away.");
    // Reloaded from the page, as F5 does: the browser asks before it goes.
    const asked = page.waitForEvent("dialog");
    const reload = page.evaluate(() => location.reload());
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    await reload;
    await expect(line).toHaveValue("Typed before the tab went away.");

    page.once("dialog", (d) => void d.accept());
    await page.reload();
    await expect(page.getByTestId("project-status")).toHaveText("ready");
    await expect(line).toHaveValue(original);
    await page.getByTestId("restore-draft").getByRole("button", { name: "Restore" }).click();
    await expect(line).toHaveValue("Typed before the tab went away.");
    await expect(page.getByRole("button", { name: "Save Changes" }).first()).toBeVisible();
  });

  await test.step("Save in the guard saves, then follows the link", async () => {
    await sidebar.getByRole("link", { name: "Projects" }).click();
    await guard.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    const saved = await (await page.request.get(`/api/video/${id}`)).json();
    expect(saved.transcript[0].text).toBe("Typed before the tab went away.");
  });

  await test.step("the storyboard form is guarded too", async () => {
    await page.goto("/storyboard");
    await page.getByLabel("Title").fill("Half-written");
    await sidebar.getByRole("link", { name: "Projects" }).click();
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Stay" }).click();
    await expect(page.getByLabel("Title")).toHaveValue("Half-written");
  });
});

test("a new page opens at its top; Back returns to where the last one was scrolled", async ({ page }) => {
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await page.goto("/");
  // the languages this server serves arrive with /api/config and lengthen the page: scroll once they are in
  await expect(page.getByTestId("landing-language").first()).toBeVisible();
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Terms of Service" })
    .scrollIntoViewIfNeeded();
  const down = await scrollY();
  expect(down).toBeGreaterThan(1000);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Break Language Barriers");
  await expect.poll(scrollY).toBe(down);

  // Signed in: the account page scrolled down, then the sidebar's Subscription opens at its top.
  await page.setViewportSize({ width: 1440, height: 500 });
  await signIn(page, uniqueEmail("scroll"), "/account");
  // (scrolled again until the page has loaded enough to scroll)
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return scrollY();
    })
    .toBeGreaterThan(200);
  await page.getByTestId("sidebar").getByRole("link", { name: "Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Your Subscription" })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
});

test("copy says what is true here: formats, languages, contact, dates, sign-in, header", async ({ page }) => {
  await test.step("policies name no made-up address or date when the operator set none", async () => {
    for (const policy of ["/terms-of-service", "/privacy-policy", "/refund-policy"]) {
      await page.goto(policy);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("main")).not.toContainText("example.com");
      await expect(page.locator("main")).not.toContainText("Last updated");
    }
  });

  await test.step("with the operator's SUPPORT_EMAIL and POLICIES_UPDATED, the policies show them", async () => {
    // The variables themselves are read in apps/server/src/config.test.ts; here, what a visitor sees.
    await page.route("**/api/config", async (route) => {
      const real = await (await route.fetch()).json();
      await route.fulfill({
        json: {
          ...real,
          operator: { supportEmail: "help@dubs.test", policiesUpdated: "2026-03-14" },
          identity: { ...real.identity, oauthProviders: [] },
        },
      });
    });
    await page.goto("/terms-of-service");
    await expect(page.getByText("Last updated: 14 March 2026")).toBeVisible();
    await expect(page.getByRole("link", { name: "help@dubs.test" })).toHaveAttribute(
      "href",
      "mailto:help@dubs.test",
    );
    // Google is not set up in this answer: the terms do not name it.
    await expect(page.getByText(/You sign in with an e-mail magic link/)).toBeVisible();
    await expect(page.locator("main")).not.toContainText("Google");
    await page.unroute("**/api/config");
  });

  await test.step("the sign-in screen says who provides the login", async () => {
    await page.goto("/login");
    await expect(
      page.getByText(/Secure login is provided by this service's own identity provider/),
    ).toBeVisible();
    await expect(page.getByText(/third-party/)).toHaveCount(0);
  });

  await test.step("a signed-in visitor's header opens the app", async () => {
    await signIn(page, uniqueEmail("copy"), "/projects/new");
    await expect(page.getByText("MP4, WebM, or OGG up to 10GB")).toBeVisible();
    await expect(page.getByText("MOV, AVI and WMV work too.")).toBeVisible();
    const spoken = page.getByLabel(/spoken/i).locator("option");
    // the 21 app languages and "Detect the language"
    await expect(spoken).toHaveCount(22);
    const names = await spoken.allTextContents();
    expect(names.some((n) => n.startsWith("Chinese (zh)"))).toBe(true);
    expect(names.some((n) => n.startsWith("Mandarin Chinese (cmn)"))).toBe(true);
    expect(names.filter((n) => /Chinese/.test(n) && !/\((zh|cmn)\)/.test(n))).toEqual([]);
    await page.goto("/");
    const site = page.getByRole("navigation", { name: "Site" });
    await expect(site.getByRole("link", { name: "Open the app" })).toHaveAttribute("href", "/projects");
    await expect(site.getByRole("link", { name: "Log in" })).toHaveCount(0);
  });
});

test("the landing page on a phone: a way to log in, and no greeting over the words", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const login = page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Log in" });
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute("href", "/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The boxes of the greetings that show, against every box of words in the hero and its bar.
  for (let step = 0; step < 2; step++) {
    const overlaps = await page.evaluate(() => {
      const boxes = (els: Element[]) =>
        els
          .map((el) => ({ text: el.textContent?.trim() ?? "", r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.height > 0);
      const greetings = boxes([...document.querySelectorAll("[data-testid=greetings] span")]);
      const hero = document.querySelector("[data-testid=greetings]")!.parentElement!;
      const words = boxes([...hero.querySelectorAll("h1, p, a, nav a")]);
      const hit = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return greetings.flatMap((g) =>
        words.filter((w) => hit(g.r, w.r)).map((w) => `"${g.text}" over "${w.text.slice(0, 30)}"`),
      );
    });
    expect(overlaps).toEqual([]);
    await page.waitForTimeout(3100); // the next set of greetings (they rotate every 3 s)
  }
});

test("small things: storage in MB, an upload error said once, the mailbox link wraps, an opaque header", async ({
  page,
}) => {
  const email = uniqueEmail("small");
  await test.step("the dev mailbox keeps a long sign-in link inside its card", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await askForLink(page, email);
    await page.goto("/dev/mailbox");
    const overflowing = await page.evaluate(
      () => [...document.querySelectorAll("article")].filter((a) => a.scrollWidth > a.clientWidth).length,
    );
    expect(overflowing).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await signIn(page, email, "/subscription");
  await test.step("a little storage reads in MB, not 0 GiB", async () => {
    const stored = page.getByText("Stored videos").locator("xpath=following-sibling::dd");
    await expect(stored).toHaveText(/^\d+ MB of 5 GiB$/);
  });

  await test.step("the header is opaque over what scrolls under it", async () => {
    const alpha = await page
      .locator("header")
      .first()
      .evaluate((h) => getComputedStyle(h).backgroundColor);
    expect(alpha).toBe("rgb(255, 255, 255)");
  });

  await test.step("a file that is not a video is said once, next to the form", async () => {
    await page.goto("/projects/new");
    await page.locator("input[type=file]").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a video"),
    });
    const message = /"notes.txt" is not a video/;
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await page.waitForTimeout(500); // a toast would have shown by now
    await expect(page.getByText(message)).toHaveCount(1);
  });
});

test("the editor keeps the player in view while lower lines are edited", async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await page.setViewportSize({ width: 1440, height: 600 });
  await openReadyProject(page, "sticky");
  await page
    .getByLabel(/^Text of segment \d+$/)
    .last()
    .click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  const inView = async (testId: string) => {
    const box = (await page.getByTestId(testId).boundingBox())!;
    return box.y >= 0 && box.y + box.height / 2 <= 600;
  };
  expect(await inView("original-video")).toBe(true);
  const aside = (await page.getByRole("complementary", { name: "Speakers and translation" }).boundingBox())!;
  expect(aside.y).toBeGreaterThanOrEqual(0);
});

test("the sticky player never covers the line being edited", async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await page.setViewportSize({ width: 1440, height: 600 });
  await openReadyProject(page, "clear");
  const video = page.getByTestId("original-video");
  const line = page.getByLabel("Text of segment 1");
  /** How far the player's bottom edge reaches over the line's box (0: clear of it). */
  const covered = async () => {
    const v = (await video.boundingBox())!;
    const l = (await line.boundingBox())!;
    return Math.max(0, v.y + v.height - l.y);
  };
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(covered, { message: "the line starts out under the player" }).toBeGreaterThan(0);

  await test.step("focusing a line under the player brings it out (Tab, a new segment, a click)", async () => {
    await line.focus();
    await expect.poll(covered).toBe(0);
  });

  await test.step("typing into a line that was scrolled under the player brings it out", async () => {
    const l = (await line.boundingBox())!;
    const v = (await video.boundingBox())!;
    await page.evaluate((by) => window.scrollBy(0, by), l.y - v.y - 20);
    expect(await covered()).toBeGreaterThan(0);
    await expect(line).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.type(" More.");
    await expect.poll(covered).toBe(0);
    await expect(line).toHaveValue(/ More\.$/);
  });

  await test.step("the project's menu above the player opens over it", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Actions for First use" }).click();
    // a plain click, no force: the menu item (which drops over the player) must be on top to receive it
    await page.getByRole("menuitem", { name: "Delete" }).click({ timeout: 5_000 });
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

test("typed lines land on the speech, not on 2-second slots", async ({ page }) => {
  test.setTimeout(3 * 60_000);
  const lines = [
    { voice: "espeak:es", text: "Buenos días y bienvenidos al programa." },
    { voice: "espeak:es+f3", text: "Gracias, es un placer estar aquí hoy." },
    { voice: "espeak:es", text: "Hablemos del tiempo esta semana." },
  ];
  // a long lead and long turns: fixed slots from 0:00 in 2-second steps could not match the speech
  const { id, truth } = await openReadyProject(page, "typed", {
    lines,
    language: "es",
    leadMs: 1500,
    turnMs: 1800,
  });
  // Spanish is recognised (base): the lines are taken out, to be typed again
  const heard = await (await page.request.get(`/api/video/${id}`)).json();
  expect(heard.transcript.length).toBeGreaterThan(0);
  const cleared = await page.request.put(`/api/video/${id}`, { data: { transcript: [] } });
  expect(cleared.ok()).toBe(true);
  // the editor asks where the speech is once the project is ready; lines typed before that answer
  // arrives take 2-second slots (on a loaded machine the test types sooner than a person would)
  const speechLoaded = page.waitForResponse((r) => /\/api\/video\/[^/]+\/speech$/.test(r.url()) && r.ok(), {
    timeout: 120_000,
  });
  await page.reload();
  await speechLoaded;

  await page.getByRole("button", { name: /^Add segment at/ }).click();
  for (const [i, line] of lines.entries()) {
    await expect(page.getByLabel(`Text of segment ${i + 1}`)).toBeFocused();
    await page.keyboard.type(line.text);
    if (i < lines.length - 1) await page.keyboard.press("Enter");
  }
  /** A time field's value ("0:03.880") in ms. */
  const ms = async (label: string) => {
    const [min, sec] = (await page.getByLabel(label).inputValue()).split(":").map(Number);
    return Math.round((min! * 60 + sec!) * 1000);
  };
  for (const [i, spoken] of truth.entries()) {
    const start = await ms(`Start of segment ${i + 1}`);
    const end = await ms(`End of segment ${i + 1}`);
    // on the line's own speech: starts where it starts, ends before the next line's speech
    expect(Math.abs(start - spoken.start), `line ${i + 1} starts on its speech`).toBeLessThan(300);
    expect(end, `line ${i + 1} covers its speech`).toBeGreaterThan(spoken.end - 400);
    expect(end).toBeLessThanOrEqual(truth[i + 1]?.start ?? Number.POSITIVE_INFINITY);
  }
  // "Place the lines on the speech" lays the typed lines over the detected speech in order: each on its
  // own sentence, none reaching into the next one's
  await page.getByRole("button", { name: "Place the lines on the speech" }).click();
  for (const [i, spoken] of truth.entries()) {
    const start = await ms(`Start of segment ${i + 1}`);
    const end = await ms(`End of segment ${i + 1}`);
    const shared = Math.min(end, spoken.end) - Math.max(start, spoken.start);
    expect(shared / (spoken.end - spoken.start), `placed line ${i + 1} covers its speech`).toBeGreaterThan(
      0.8,
    );
    expect(shared / (end - start), `placed line ${i + 1} is its speech`).toBeGreaterThan(0.8);
  }
});
