import { describe, expect, it } from "vitest";
import type { Storyboard } from "../../api/types.ts";
import { frameCount, withNewImage, withSelectedImage } from "./api.ts";

const board: Storyboard = {
  _id: "b1",
  title: "T",
  createdAt: "2025-01-01T00:00:00Z",
  frames: [
    {
      transcriptSegment: { text: "one" },
      pexelImages: [{ medium: "a.jpg" }, { medium: "b.jpg" }],
      selectedAssetIndex: 1,
    },
    { transcriptSegment: { text: "two" }, pexelImages: [{ medium: "c.jpg" }], selectedAssetIndex: 0 },
  ],
};

describe("storyboard helpers", () => {
  it("counts frames", () => {
    expect(frameCount(1)).toBe("1 frame");
    expect(frameCount(3)).toBe("3 frames");
  });
  it("puts a new image first and selects it", () => {
    const next = withNewImage(board, 0, { medium: "new.jpg" });
    expect(next.frames[0]!.pexelImages.map((i) => i.medium)).toEqual(["new.jpg", "a.jpg", "b.jpg"]);
    expect(next.frames[0]!.selectedAssetIndex).toBe(0);
    expect(next.frames[1]).toBe(board.frames[1]);
  });
  it("selects an existing image", () => {
    expect(withSelectedImage(board, 1, 0).frames[1]!.selectedAssetIndex).toBe(0);
    expect(withSelectedImage(board, 0, 0).frames[0]!.selectedAssetIndex).toBe(0);
  });
});
