import { describe, expect, it } from "vitest";
import { attachmentDisposition, uploadedFileName } from "./file-names.ts";

describe("file names", () => {
  it("undoes the browser's multipart escapes and drops line breaks", () => {
    expect(uploadedFileName("My %22best%22 talk.mp4")).toBe('My "best" talk.mp4');
    expect(uploadedFileName("a%0D%0Ab.mp4")).toBe("a  b.mp4");
    expect(uploadedFileName("  ")).toBe("video");
    expect(uploadedFileName(undefined)).toBe("video");
    expect(uploadedFileName("x".repeat(300))).toHaveLength(255);
  });

  it("gives an ASCII fallback and the exact name for downloads", () => {
    expect(attachmentDisposition('My "best" talk (1).mp4')).toBe(
      `attachment; filename="My _best_ talk (1).mp4"; filename*=UTF-8''My%20%22best%22%20talk%20%281%29.mp4`,
    );
    expect(attachmentDisposition("доклад.mp4")).toContain(
      "filename*=UTF-8''%D0%B4%D0%BE%D0%BA%D0%BB%D0%B0%D0%B4.mp4",
    );
    expect(attachmentDisposition('a"\r\nb')).not.toMatch(/[\r\n]/);
  });
});
