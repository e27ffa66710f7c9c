import { describe, expect, it } from "vitest";
import { SHARED_MODELS_DIR } from "../asr/faster-whisper.ts";
import { listedDirs } from "./models.ts";

describe("dub models list", () => {
  it("reads the folders the server reads: its own, then the shared one the setup fills", () => {
    expect(listedDirs("/srv/data/models", "/app/.tools/models")).toEqual([
      "/srv/data/models",
      "/app/.tools/models",
    ]);
    expect(listedDirs("/srv/data/models")).toEqual(["/srv/data/models", SHARED_MODELS_DIR]);
    expect(listedDirs(SHARED_MODELS_DIR)).toEqual([SHARED_MODELS_DIR]);
  });
});
