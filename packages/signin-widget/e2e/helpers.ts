import { expect, type Page } from "@playwright/test";
import type { SignInConfig } from "../src/config.ts";

/** Where e2e/server.ts listens (the same default port as the config). */
export const ORIGIN = `http://localhost:${process.env.WIDGET_E2E_PORT ?? 18_290}`;

/** Opens a host page and mounts the widget with `config` through the standalone bundle. */
export async function mountWidget(
  page: Page,
  config: SignInConfig,
  opts: { path?: string; kind?: "mount" | "mountResetPassword" | "mountPasskeyRegistration" } = {},
) {
  if (opts.path !== "") await page.goto(opts.path ?? "/");
  await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  await page.evaluate(
    ({ config, kind }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle lives on window in the page
      const w = window as any;
      w.mounted = w.W[kind]("#app", { client: w.client, config, callbacks: w.callbacks });
    },
    { config, kind: opts.kind ?? "mount" },
  );
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the n-th mail to `to` in the SMTP capture. */
export async function waitForMail(page: Page, to: string, count = 1): Promise<Mail> {
  let list: Mail[] = [];
  await expect
    .poll(
      async () => {
        list = (await (await page.request.get(`/__test/mail?to=${encodeURIComponent(to)}`)).json()) as Mail[];
        return list.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return list[count - 1] as Mail;
}

export function linkIn(text: string, pathPart = ""): string {
  const links = text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`no link with ${pathPart} in: ${text}`);
  return link;
}

export function codeIn(text: string): string {
  const m = text.match(/\b(\d{6})\b/);
  if (!m?.[1]) throw new Error(`no code in: ${text}`);
  return m[1];
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Screenshot of the widget box (the page at its current viewport) into test-results/widget-screens/. */
export async function snap(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: `test-results/widget-screens/${name}-${width}.png`,
    fullPage: true,
    animations: "disabled",
  });
}
