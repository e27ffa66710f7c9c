import { describe, expect, it } from "vitest";
import { multiTrackArgs, nativeLanguageName } from "./multitrack.ts";

describe("multiTrackArgs", () => {
  it("copies the video and gives each audio track its language, title and default flag", () => {
    const args = multiTrackArgs(
      "v.mp4",
      [
        { file: "v.mp4", language: "en", title: "English (original)", copy: false },
        { file: "es.m4a", language: "es", title: "Español (dub)", copy: true },
      ],
      "out.mp4",
    );
    expect(args.join(" ")).toBe(
      "-i v.mp4 -i v.mp4 -i es.m4a -map 0:v:0 -map 1:a:0 -map 2:a:0 -c:v copy " +
        "-c:a:0 aac -b:a:0 160k -metadata:s:a:0 language=eng -metadata:s:a:0 handler_name=English (original) -disposition:a:0 default " +
        "-c:a:1 copy -metadata:s:a:1 language=spa -metadata:s:a:1 handler_name=Español (dub) -disposition:a:1 0 " +
        "-movflags +faststart -f mp4 out.mp4",
    );
  });
  it("names languages in their own words", () => {
    expect(nativeLanguageName("es")).toBe("Español");
    expect(nativeLanguageName("de")).toBe("Deutsch");
    expect(nativeLanguageName("en")).toBe("English");
  });
});
