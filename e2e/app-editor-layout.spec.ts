// The editor's layout on a desktop (#60): the player stays in view (sticky) while lower lines are edited, and
// the dub panel (a translation's status, Dub Video, its options) is never covered by it: scrolled past, the
// panel slides over the player, its top and its buttons the topmost thing where they are.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import {
  expect,
  readyProject,
  signIn,
  srtOf,
  test,
  translatedToSpanish,
  uniqueEmail,
} from "./app-fixtures.ts";

test("on a desktop, the sticky player does not cover the dub panel when scrolled", async ({ page }) => {
  test.setTimeout(3 * 60_000);
  const { video, truth } = makeDialogue(
    mkdtempSync(path.join(os.tmpdir(), "e2e-layout-")),
    DIALOGUE.slice(0, 3),
  );
  await signIn(page, uniqueEmail("layout"));
  // the set-up goes through the API (the upload and the translation have their own browser tests), the
  // transcript as subtitles (recognition has its own)
  const id = await readyProject(page, { title: "Layout", video, language: "en", subtitles: srtOf(truth) });
  await translatedToSpanish(page, id);

  await page.setViewportSize({ width: 1440, height: 800 });
  await page.goto(`/projects/${id}?language=es`);
  const player = page.getByTestId("original-video");
  const panel = page.getByTestId("dub-panel");
  await expect(panel.getByRole("button", { name: "Dub Video" })).toBeVisible();

  // scrolled so the panel's top is level with the middle of the (stuck) player
  const p = (await panel.boundingBox())!;
  const v = (await player.boundingBox())!;
  await page.evaluate((by) => window.scrollBy(0, by), p.y - (v.y + v.height / 2));
  const panelBox = (await panel.boundingBox())!;
  const playerBox = (await player.boundingBox())!;
  expect(playerBox.y, "the player is stuck under the header").toBeGreaterThan(0);
  expect(panelBox.y, "the panel's top is where the player is").toBeLessThan(playerBox.y + playerBox.height);
  expect(panelBox.y).toBeGreaterThan(playerBox.y);

  /** Whether what is drawn at (x, y) belongs to the dub panel (not the player over it). */
  const panelOnTop = (x: number, y: number) =>
    page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest("[data-testid=dub-panel]"), [
      x,
      y,
    ] as const);
  expect(await panelOnTop(panelBox.x + 24, panelBox.y + 8), "the panel's top edge").toBe(true);
  const dub = (await panel.getByRole("button", { name: "Dub Video" }).boundingBox())!;
  expect(await panelOnTop(dub.x + dub.width / 2, dub.y + dub.height / 2), "its Dub Video button").toBe(true);
});
