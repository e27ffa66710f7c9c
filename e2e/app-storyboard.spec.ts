import type { Route } from "@playwright/test";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

// The first test serves the storyboard API contract from the test, to force every failure message of
// PRODUCT.md § Texts on failure (update, search); the second drives the real back end end to end.

const image = (name: string) => ({ medium: `/flags/${name}.svg`, alt: `Flag ${name}` });

test("with the API served by the test: pick and search images, failure messages, generate", async ({
  page,
}) => {
  let board = {
    _id: "b1",
    title: "Trip",
    createdAt: "2025-05-01T10:00:00Z",
    videoUrl: null as string | null,
    frames: [
      {
        transcriptSegment: { text: "We left at dawn." },
        pexelImages: [image("fr"), image("it")],
        selectedAssetIndex: 0,
      },
      { transcriptSegment: { text: "The sea was calm." }, pexelImages: [image("gr")], selectedAssetIndex: 0 },
    ],
  };
  const puts: (typeof board)[] = [];
  let failPut = false;
  let failSearch = false;
  const searches: string[] = [];
  await page.route("**/api/storyboard**", async (route: Route) => {
    const req = route.request();
    const url = new URL(req.url());
    if (url.pathname === "/api/storyboard" && req.method() === "GET") return route.fulfill({ json: [board] });
    if (url.pathname === "/api/storyboard" && req.method() === "POST") {
      expect(req.postDataJSON()).toEqual({ title: "Trip", transcript: "We left at dawn. The sea was calm." });
      return route.fulfill({ status: 201, json: board });
    }
    if (url.pathname === "/api/storyboard/images/search") {
      searches.push(url.searchParams.get("query")!);
      if (failSearch) return route.fulfill({ status: 502, json: {} });
      return route.fulfill({ json: [image("se"), image("pl")] });
    }
    if (url.pathname === "/api/storyboard/b1/generate-video") {
      board = { ...board, videoUrl: "/no-video-yet.mp4" };
      return route.fulfill({ status: 202, json: {} });
    }
    if (url.pathname === "/api/storyboard/b1" && req.method() === "PUT") {
      if (failPut) return route.fulfill({ status: 500, json: {} });
      board = req.postDataJSON();
      puts.push(board);
      return route.fulfill({ json: board });
    }
    if (url.pathname === "/api/storyboard/b1") return route.fulfill({ json: board });
    return route.fallback();
  });

  await signIn(page, uniqueEmail("story"), "/storyboard");
  await expect(page.getByText("1 frame").or(page.getByText("2 frames"))).toBeVisible();
  await page.getByLabel("Title").fill("Trip");
  await page.getByLabel("Transcript").fill("We left at dawn. The sea was calm.");
  await page.getByRole("button", { name: "Create Storyboard" }).click();
  await expect(page).toHaveURL(/\/storyboard\/b1$/);
  await expect(page.getByRole("heading", { name: "Frame 1" })).toBeVisible();
  await expect(page.getByText("The sea was calm.")).toBeVisible();

  // Change Image: a failed save is an alert in the picker; a good one selects the image.
  await page.getByRole("button", { name: "Change Image" }).first().click();
  const picker = page.getByRole("dialog", { name: "Select an Image for Frame 1" });
  failPut = true;
  await picker.getByRole("button", { name: "Use image 2" }).click();
  await expect(picker.getByRole("alert")).toHaveText("Failed to update storyboard. Please try again.");
  failPut = false;
  await picker.getByRole("button", { name: "Use image 2" }).click();
  await expect(picker).toBeHidden();
  expect(puts.at(-1)!.frames[0]!.selectedAssetIndex).toBe(1);
  await expect(page.getByRole("img", { name: "Flag it" })).toBeVisible();

  // Search New: the query is trimmed; failures and success have their messages.
  await page.getByRole("button", { name: "Search New" }).nth(1).click();
  const search = page.getByRole("dialog", { name: "Search for a New Image" });
  await search.getByLabel("Image search").fill("   ");
  await expect(search.getByRole("button", { name: "Search" })).toBeDisabled();
  failSearch = true;
  await search.getByLabel("Image search").fill("  calm sea ");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(search.getByRole("alert")).toHaveText("Failed to search for images. Please try again.");
  failSearch = false;
  await search.getByRole("button", { name: "Search" }).click();
  expect(searches).toEqual(["calm sea", "calm sea"]);
  await search.getByRole("listitem").nth(1).hover();
  await search.getByRole("button", { name: "Select image 2" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "New image added and selected successfully!" }),
  ).toBeVisible();
  expect(puts.at(-1)!.frames[1]!.pexelImages.map((i) => i.medium)).toEqual([
    "/flags/pl.svg",
    "/flags/gr.svg",
  ]);
  expect(puts.at(-1)!.frames[1]!.selectedAssetIndex).toBe(0);

  await page.getByRole("button", { name: "Generate Video" }).click();
  await expect(page.getByLabel("Generated video")).toBeAttached();
});

test("against the real back end: a storyboard from a transcript, a new image, and its generated video", async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  await signIn(page, uniqueEmail("story-real"), "/storyboard");
  await expect(page.getByText("No storyboards yet.")).toBeVisible();
  await page.getByLabel("Title").fill("Mountain trip");
  await page
    .getByLabel("Transcript")
    .fill(
      "We left the village at dawn. The road climbed through pine forests. At noon we reached the lake. The water was calm and cold.",
    );
  await page.getByRole("button", { name: "Create Storyboard" }).click();
  await expect(page).toHaveURL(/\/storyboard\/[^/]+$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Frame 1" })).toBeVisible();
  const frames = page.locator("ol > li");
  expect(await frames.count()).toBeGreaterThan(0);
  await expect(frames.first().locator("img").first()).toHaveJSProperty("complete", true);

  await frames.first().getByRole("button", { name: "Search New" }).click();
  const search = page.getByRole("dialog", { name: "Search for a New Image" });
  await search.getByLabel("Image search").fill("  lake  ");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(search.getByRole("button", { name: "Select image 1" })).toBeAttached({ timeout: 30_000 });
  await search.getByRole("listitem").first().hover();
  await search.getByRole("button", { name: "Select image 1" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "New image added and selected successfully!" }),
  ).toBeVisible({ timeout: 30_000 });

  // A frame's text is edited in place and kept.
  await frames.first().getByRole("button", { name: "Edit the text of frame 1" }).click();
  await frames.first().getByLabel("Text of frame 1").fill("We left the quiet village at dawn.");
  await frames.first().getByRole("button", { name: "Save text" }).click();
  await expect(frames.first().getByText("We left the quiet village at dawn.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Frame 1" })).toBeVisible();
  await expect(frames.first().getByText("We left the quiet village at dawn.")).toBeVisible();
  await page.getByRole("button", { name: "Generate Video" }).click();
  await expect(page.getByRole("button", { name: "Generating Video..." })).toBeDisabled();
  await expect(page.getByLabel("Generated video")).toBeVisible({ timeout: 5 * 60_000 });
  await expect(page.getByRole("button", { name: "Generate Video" })).toBeEnabled();
  const duration = await page.getByLabel("Generated video").evaluate(
    (v) =>
      new Promise<number>((resolve) => {
        const el = v as HTMLVideoElement;
        if (el.readyState >= 1) resolve(el.duration);
        else el.addEventListener("loadedmetadata", () => resolve(el.duration), { once: true });
      }),
  );
  expect(duration).toBeGreaterThan(1);
  // and it can be downloaded
  const download = page.getByRole("link", { name: "Download Video" });
  const href = (await download.getAttribute("href"))!;
  expect(href).toBe(await page.getByLabel("Generated video").getAttribute("src"));
  await expect(download).toHaveAttribute("download", /\.mp4$/);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("video/mp4");

  await page.getByRole("link", { name: "← Back to storyboards" }).click();
  await expect(page.getByRole("link", { name: /Mountain trip/ })).toContainText(/\d+ frames?/);
});
