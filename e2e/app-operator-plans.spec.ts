// A server that is its operator's: the console moves an account to another plan and the account's own
// pages say so at once; the sidebar leads to the storyboards.
import { APP_ORIGIN, expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

const OPERATOR = "operator-e2e@example.com";

test("an operator moves an account to another plan from the console; its subscription page says so", async ({
  browser,
}) => {
  const user = await (await browser.newContext({ baseURL: APP_ORIGIN })).newPage();
  const email = uniqueEmail("plan-change");
  await signIn(user, email);
  await user.goto("/subscription");
  await expect(user.getByTestId("current-plan")).toHaveText("Free");

  const operator = await (await browser.newContext({ baseURL: APP_ORIGIN })).newPage();
  await signIn(operator, OPERATOR);
  await operator.goto("/admin");
  await operator.getByLabel("Search users by email").fill(email);
  await operator.getByRole("button", { name: "Search" }).click();
  const picker = operator.getByTestId("admin-user-row").getByLabel(`Plan of ${email}`);
  await expect(picker).toHaveValue("free");
  await picker.selectOption("executive");
  await expect(
    operator.getByRole("status").filter({ hasText: `${email} is now on the Executive plan.` }),
  ).toBeVisible();
  await expect(picker).toHaveValue("executive");

  await user.goto("/subscription");
  await expect(user.getByTestId("current-plan")).toHaveText("Executive");
  await expect(user.getByTestId("usage-used")).toContainText("of 12,000 min");

  await operator.getByRole("tab", { name: "Audit" }).click();
  await expect(operator.getByText(`${email} → executive`).first()).toBeVisible();
});

test("the sidebar leads to the storyboards, beside Projects and Subscription", async ({ page }) => {
  await signIn(page, uniqueEmail("sidebar"));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Projects", "Storyboards", "Subscription", "Account"]);
  await nav.getByRole("link", { name: "Storyboards" }).click();
  await expect(page).toHaveURL(`${APP_ORIGIN}/storyboard`);
  await expect(page.getByRole("heading", { name: "Create a Storyboard" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Storyboards" })).toHaveAttribute("aria-current", "page");
});
