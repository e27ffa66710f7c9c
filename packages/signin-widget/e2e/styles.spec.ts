import { expect, type Locator, type Page, test } from "@playwright/test";
import { mountWidget, snap } from "./helpers.ts";

const css = (l: Locator, prop: string) =>
  l.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);

const LOGO =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" rx="6" fill="#6d28d9"/></svg>',
  );

test("the theme is applied: fonts, colours, container, buttons, inputs, logo, hidden header", async ({
  page,
}) => {
  await mountWidget(page, {
    products: ["emailMagicLinks", "oauth"],
    oauthOptions: { providers: ["google", "github"] },
    theme: {
      fontFamily: "Georgia, serif",
      hideHeaderText: true,
      colors: { primary: "#6d28d9", error: "#b91c1c" },
      container: { backgroundColor: "#faf5ff", borderColor: "#c4b5fd", borderRadius: "20px", width: "360px" },
      buttons: { primary: { backgroundColor: "#6d28d9", textColor: "#ffffff", borderRadius: "999px" } },
      inputs: { borderColor: "#a78bfa", borderRadius: "12px" },
      logo: { logoImageUrl: LOGO },
    },
  });
  const root = page.locator(".dbsw-root");
  await expect(page.getByRole("button", { name: "Continue with email" })).toBeVisible();
  expect(await css(root, "width")).toBe("360px");
  expect(await css(root, "border-radius")).toBe("20px");
  expect(await css(root, "background-color")).toBe("rgb(250, 245, 255)");
  expect(await css(root, "font-family")).toBe("Georgia, serif");
  const submit = page.getByRole("button", { name: "Continue with email" });
  expect(await css(submit, "background-color")).toBe("rgb(109, 40, 217)");
  expect(await css(submit, "border-radius")).toBe("999px");
  expect(await css(submit, "height")).toBe("45px");
  const input = page.getByLabel("Email");
  expect(await css(input, "border-radius")).toBe("12px");
  expect(await css(input, "border-top-color")).toBe("rgb(167, 139, 250)");
  expect(await css(input, "height")).toBe("47px");
  await expect(page.getByRole("heading", { name: "Sign up or log in" })).toHaveCount(0);
  await expect(page.locator(".dbsw-logo")).toBeVisible();
  await page.getByRole("button", { name: "Continue with email" }).click();
  expect(await css(page.locator(".dbsw-error-text"), "color")).toBe("rgb(185, 28, 28)");
  await snap(page, "theme-custom");
});

test("defaults: white 400 px container, radius 8 px, dark teal primary, Arial", async ({ page }) => {
  await mountWidget(page, {});
  const root = page.locator(".dbsw-root");
  expect(await css(root, "width")).toBe("400px");
  expect(await css(root, "border-radius")).toBe("8px");
  expect(await css(root, "background-color")).toBe("rgb(255, 255, 255)");
  expect(await css(root, "font-family")).toMatch(/^Arial/);
  expect(await css(page.getByRole("button", { name: "Continue with email" }), "background-color")).toBe(
    "rgb(25, 48, 61)",
  );
});

async function expectNoLeaks(page: Page) {
  const button = page.getByRole("button", { name: "Continue with email" });
  const input = page.getByLabel("Email");
  const header = page.getByRole("heading", { name: "Sign up or log in" });
  // Host CSS does not leak in …
  expect(await css(button, "background-color")).toBe("rgb(25, 48, 61)");
  expect(await css(button, "height")).toBe("45px");
  expect(await css(input, "border-top-style")).toBe("solid");
  expect(await css(input, "border-top-width")).toBe("1px");
  expect(await css(input, "font-size")).toBe("16px");
  expect(await css(header, "color")).toBe("rgb(25, 48, 61)");
  expect(await css(header, "text-transform")).toBe("none");
  expect(await css(header, "letter-spacing")).toBe("normal");
  expect(await css(header, "font-family")).toMatch(/^Arial/);
  // … and the widget's CSS does not leak out.
  expect(await css(page.locator("#host-button"), "background-color")).toBe("rgb(0, 255, 0)");
  expect(await css(page.locator("#host-button"), "height")).toBe("80px");
  expect(await css(page.locator("#host-input"), "border-top-style")).toBe("dashed");
  expect(await css(page.locator("#host-heading"), "color")).toBe("rgb(255, 0, 255)"); // the body colour
}

test("without shadow DOM: prefixed, scoped styles keep host CSS out and stay in; autofill attributes kept", async ({
  page,
}) => {
  await mountWidget(page, {}, { path: "/leaky" });
  await expect(page.getByLabel("Email")).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("[data-dbsw-shadow-host]"))).toBeNull();
  expect(await page.getByLabel("Email").getAttribute("autocomplete")).toBe("email");
  expect(await page.getByLabel("Email").getAttribute("name")).toBe("email");
  await expectNoLeaks(page);
  await snap(page, "leaky-host-light-dom");
});

test("with shadow DOM: the widget lives in a shadow root and host CSS cannot reach it", async ({ page }) => {
  await mountWidget(page, { enableShadowDOM: true }, { path: "/leaky" });
  await expect(page.getByLabel("Email")).toBeVisible();
  const inShadow = await page.evaluate(() => {
    const host = document.querySelector("[data-dbsw-shadow-host]");
    return !!host?.shadowRoot?.querySelector(".dbsw-root") && !document.querySelector(".dbsw-root");
  });
  expect(inShadow).toBe(true);
  await expectNoLeaks(page);
  await page.getByLabel("Email").fill("nope");
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByText("Invalid email, please try again.")).toBeVisible();
  await snap(page, "leaky-host-shadow-dom");
});

test("mounting on a selector that matches nothing throws", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  const message = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the bundle lives on window in the page
    const w = window as any;
    try {
      w.W.mount("#missing", { client: w.client, config: {} });
      return "no error";
    } catch (e) {
      return (e as Error).message;
    }
  });
  expect(message).toBe('The selector "#missing" does not match any element on the page.');
});
