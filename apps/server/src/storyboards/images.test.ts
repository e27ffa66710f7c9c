import { describe, expect, it } from "vitest";
import {
  allowedImageHosts,
  normalizeQuery,
  OfflineImageLibrary,
  offlineImageSignature,
  offlineImageUrl,
  parseOfflineImageUrl,
  verifiedOfflineImage,
} from "./images.ts";

describe("offline image URLs", () => {
  it("round-trips variant and normalized query", () => {
    const url = offlineImageUrl(3, "  Ocean   Whales ", "secret");
    const sig = offlineImageSignature("secret", 3, "ocean whales");
    expect(url).toBe(`/api/storyboard/images/offline/3.jpg?q=ocean%20whales&sig=${sig}`);
    expect(parseOfflineImageUrl(url)).toEqual({ variant: 3, query: "ocean whales", sig });
    expect(verifiedOfflineImage(`http://example.com${url}`, "secret")).toEqual({
      variant: 3,
      query: "ocean whales",
    });
  });
  it("renders only what this service signed, for that variant and query", () => {
    const url = offlineImageUrl(3, "ocean", "secret");
    expect(verifiedOfflineImage(url, "another secret")).toBeNull();
    expect(verifiedOfflineImage(url.replace("3.jpg", "4.jpg"), "secret")).toBeNull();
    expect(verifiedOfflineImage(url.replace("q=ocean", "q=oceans"), "secret")).toBeNull();
    expect(verifiedOfflineImage(url.replace(/&sig=.*/, ""), "secret")).toBeNull();
    expect(verifiedOfflineImage(`${url}x`, "secret")).toBeNull();
  });
  it("rejects anything else", () => {
    expect(parseOfflineImageUrl("https://images.pexels.com/photos/1.jpeg")).toBeNull();
    expect(parseOfflineImageUrl("/api/storyboard/images/offline/12.jpg?q=x")).toBeNull();
    expect(parseOfflineImageUrl("/api/storyboard/images/offline/1.jpg")).toBeNull();
    expect(parseOfflineImageUrl("/api/storyboard/images/offline/1.jpg?q=%20")).toBeNull();
  });
  it("caps the query and keys the store by variant and query", () => {
    expect(normalizeQuery("x".repeat(100))).toHaveLength(60);
    expect(OfflineImageLibrary.key(1, "Sea")).toBe(OfflineImageLibrary.key(1, "sea "));
    expect(OfflineImageLibrary.key(1, "sea")).not.toBe(OfflineImageLibrary.key(2, "sea"));
    expect(OfflineImageLibrary.key(1, "sea")).toMatch(/^storyboard\/offline\/[0-9a-f]{40}\.jpg$/);
  });
  it("allows downloads from Pexels' image host and the configured API host only", () => {
    expect([...allowedImageHosts("http://127.0.0.1:9999")]).toEqual(["images.pexels.com", "127.0.0.1:9999"]);
  });
});
