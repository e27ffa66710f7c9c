// Automation in the browser: an API key made on the Account page works (and is shown once), and a webhook
// endpoint added there receives a signed test event that appears in its delivery log.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "../apps/server/test/receiver.ts";
import { expect, readyProject, signIn, srtOf, test, uniqueEmail, violations } from "./app-fixtures.ts";

test("create an API key and a webhook endpoint, send a test event, see it in the log", async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const receiver = await startReceiver();
  try {
    await signIn(page, uniqueEmail("automation"), "/account");
    const keys = page.getByRole("region", { name: "API keys" });

    await test.step("create a key: shown once, then listed by its prefix", async () => {
      await keys.getByLabel("Key name").fill("Nightly import");
      await keys.getByLabel("Access").selectOption("read+write");
      await keys.getByRole("button", { name: "Create key" }).click();
      const secret = (await keys.getByTestId("new-api-key").textContent())!.trim();
      expect(secret).toMatch(/^dub_/);
      const row = keys.getByTestId("api-key-row");
      await expect(row).toContainText("Nightly import");
      await expect(row).toContainText(`${secret.slice(0, 12)}…`);
      await expect(row).toContainText("Read and write");
      // the key works without the cookie
      const me = await page.request.fetch("/api/video", {
        headers: { authorization: `Bearer ${secret}`, cookie: "" },
      });
      expect(me.status()).toBe(200);
      await keys.getByRole("button", { name: "Done" }).click();
      await expect(keys.getByTestId("new-api-key")).toHaveCount(0);
    });

    const hooks = page.getByRole("region", { name: "Webhooks" });
    await test.step("add an endpoint and send it a test event", async () => {
      await hooks.getByLabel("Endpoint URL").fill(`${receiver.url}/hook`);
      await hooks.getByRole("button", { name: "Add endpoint" }).click();
      // the signing secret is shown this once, and never listed again
      const secret = (await hooks.getByTestId("new-webhook-secret").textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      await hooks.getByRole("button", { name: "Done" }).click();
      const endpoint = hooks.getByTestId("webhook-endpoint");
      await expect(endpoint).toContainText(`${receiver.url}/hook`);
      await expect(endpoint).toContainText("No deliveries yet.");
      await endpoint.getByRole("button", { name: "Send a test event" }).click();
      const delivery = endpoint.getByTestId("webhook-delivery");
      await expect(delivery).toContainText("webhook.test", { timeout: 20_000 });
      await expect(delivery).toContainText("Delivered", { timeout: 20_000 });
      await expect(delivery).toContainText("200");
      await expect(hooks).not.toContainText("whsec_");
      const [got] = receiver.received;
      expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({ type: "webhook.test" });
      expect(await violations(page), "account page with keys and webhooks").toEqual([]);
    });

    await test.step("translate and dub from the editor's translate panel in one click", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-auto-"));
      const { video, truth } = makeDialogue(dir, [
        { voice: "awb", text: "Good morning and welcome to the program." },
      ]);
      // its line as subtitles: the one-click translate and dub is the subject, not the recognition
      const id = await readyProject(page, { title: "Batch", video, subtitles: srtOf(truth) });
      await page.goto(`/projects/${id}`);
      const panel = page.getByRole("region", { name: "Translate" });
      await panel.getByRole("button", { name: "Spanish", exact: true }).click();
      await panel.getByRole("button", { name: "Translate and dub" }).click();
      await expect(page).toHaveURL(/\?language=es$/, { timeout: 60_000 });
      await expect(page.getByTestId("translation-status")).toHaveText("dubbed", { timeout: 5 * 60_000 });
      await page.goto("/account");
    });

    await test.step("revoke the key in one click", async () => {
      await keys.getByRole("button", { name: "Revoke Nightly import" }).click();
      await expect(keys.getByText("No API keys yet.")).toBeVisible();
    });
  } finally {
    await receiver.close();
  }
});
