// The operator's console. An operator (ADMIN_EMAILS) finds a user, suspends them — their
// next request is refused — and resumes them; to a user or a visitor /admin is the app's not-found page.
import { APP_ORIGIN, expect, signIn, test, uniqueEmail, violations } from "./app-fixtures.ts";

const OPERATOR = "operator-e2e@example.com";

test("an operator finds a user, suspends and resumes them; to anyone else /admin does not exist", async ({
  browser,
}) => {
  const userContext = await browser.newContext({ baseURL: APP_ORIGIN });
  const user = await userContext.newPage();
  const email = uniqueEmail("suspendee");
  await signIn(user, email);

  // To a signed-in user and to a visitor, the console is the not-found page (no sign-in prompt, no hint).
  // nor does a user's sidebar name it
  await expect(
    user.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }),
  ).toBeVisible();
  await expect(user.getByRole("link", { name: "Operator's console" })).toHaveCount(0);
  await user.goto("/admin");
  await expect(user.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const visitor = await browser.newPage({ baseURL: APP_ORIGIN });
  await visitor.goto("/admin");
  await expect(visitor.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(visitor).toHaveURL(`${APP_ORIGIN}/admin`);
  await visitor.close();

  const operatorContext = await browser.newContext({ baseURL: APP_ORIGIN });
  const operator = await operatorContext.newPage();
  await signIn(operator, OPERATOR);
  await operator.goto("/admin");
  await expect(operator.getByRole("heading", { name: "Operator's console" })).toBeVisible();
  await expect(operator.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
  expect(await violations(operator)).toEqual([]);

  await operator.getByLabel("Search users by email").fill(email);
  await operator.getByRole("button", { name: "Search" }).click();
  const row = operator.getByTestId("admin-user-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(email);
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: `Suspend ${email}` }).click();
  const dialog = operator.getByRole("dialog", { name: `Suspend ${email}?` });
  await expect(dialog).toContainText("sessions and API keys stop working at once");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Suspended");

  // The user's very next request is refused, with why.
  const refused = await user.request.get("/api/auth/me");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("account_suspended");
  await user.goto("/projects");
  await expect(user.getByRole("heading", { name: "Your account is suspended" })).toBeVisible();

  await row.getByRole("button", { name: `Resume ${email}` }).click();
  await operator
    .getByRole("dialog", { name: `Resume ${email}?` })
    .getByRole("button", { name: "Resume" })
    .click();
  await expect(row).toContainText("Active");
  expect((await user.request.get("/api/auth/me")).status()).toBe(200);

  // The keyboard moves between sections; the audit log names who did what.
  await operator.getByRole("tab", { name: "Users" }).focus();
  await operator.keyboard.press("End");
  const audit = operator.getByRole("tab", { name: "Audit" });
  await expect(audit).toBeFocused();
  await expect(audit).toHaveAttribute("aria-selected", "true");
  const lines = operator.getByTestId("admin-audit-row");
  await expect(lines.filter({ hasText: "suspend user" }).filter({ hasText: email })).toHaveCount(1);
  await expect(lines.filter({ hasText: "resume user" }).first()).toContainText(OPERATOR);
  await operator.keyboard.press("ArrowLeft");
  await expect(operator.getByRole("tab", { name: "Storage" })).toHaveAttribute("aria-selected", "true");
  await expect(operator.getByText("Uploaded videos").first()).toBeVisible();
  // Every section meets WCAG 2.1 AA as axe-core checks it.
  for (const [name, ready] of [
    ["Jobs", "Show"],
    ["Engines", "Translate into"],
    ["Storage", "Uploaded videos"],
    ["Audit", "Sign-ins and factor changes"],
  ] as const) {
    await operator.getByRole("tab", { name }).click();
    await expect(operator.getByText(ready).first()).toBeVisible();
    expect(await violations(operator), name).toEqual([]);
  }
  // The Engines page lists the installed models (the setup's tiny.en) with their disk use, and the rest.
  await operator.getByRole("tab", { name: "Engines" }).click();
  const installed = operator.getByRole("table", { name: "Installed" });
  const tiny = installed.getByRole("row", { name: /tiny\.en/ });
  await expect(tiny).toContainText("Speech recognition (faster-whisper)");
  await expect(tiny).toContainText("yes");
  await expect(operator.getByTestId("models-disk")).toContainText(/installed, [\d.]+ [KMG]B on disk/);
  expect(await violations(operator), "Models").toEqual([]);

  await userContext.close();
  await operatorContext.close();
});

test("the console's Users section invites an address onto a plan, and the email arrives", async ({
  page,
}) => {
  await signIn(page, OPERATOR);
  // an operator's sidebar links the console, and the console has a way back
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Operator's console" })
    .click();
  await expect(page).toHaveURL(`${APP_ORIGIN}/admin`);
  await page.getByRole("link", { name: "← Back to the app" }).click();
  await expect(page).toHaveURL(`${APP_ORIGIN}/projects`);
  await page.goto("/admin");
  const invitee = uniqueEmail("console-invitee");
  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email to invite").fill(invitee);
  await expect(form.getByLabel("Plan")).not.toHaveValue("");
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${invitee}` })).toBeVisible();
  await expect
    .poll(async () => {
      const html = await (await page.request.get("/dev/mailbox")).text();
      return html.split("<article>").some((a) => a.includes(`To ${invitee}`));
    })
    .toBe(true);
  expect(await violations(page)).toEqual([]);
});
