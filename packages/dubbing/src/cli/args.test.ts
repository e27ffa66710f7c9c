import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { exitCodeFor, parseCommand, UsageError } from "./args.ts";
import { inDataDir, modelsDir } from "./models.ts";

describe("parseCommand", () => {
  it("gives help for no command, --help and each command's --help", () => {
    expect(parseCommand([])).toMatchObject({
      kind: "help",
      text: expect.stringMatching(/^Usage: dub <command>/),
    });
    expect(parseCommand(["--help"]).kind).toBe("help");
    expect(parseCommand(["render", "--help"])).toMatchObject({
      kind: "help",
      text: expect.stringMatching(/^Usage: dub render/),
    });
  });
  it("parses each command", () => {
    expect(parseCommand(["transcribe", "v.mp4", "-o", "t.json"])).toEqual({
      kind: "transcribe",
      video: "v.mp4",
      output: "t.json",
      language: "en",
      speakers: undefined,
    });
    expect(parseCommand(["translate", "t.json", "--to", "es", "-o", "es.json"])).toEqual({
      kind: "translate",
      input: "t.json",
      to: "es",
      output: "es.json",
    });
    expect(parseCommand(["render", "v.mp4", "es.json", "-o", "o.mp4", "-w", "work", "-b", "remove"])).toEqual(
      {
        kind: "render",
        video: "v.mp4",
        input: "es.json",
        output: "o.mp4",
        workDir: "work",
        background: "remove",
        card: "full",
      },
    );
    expect(parseCommand(["render", "v.mp4", "es.json", "-o", "o.mp4", "--card", "quick"])).toMatchObject({
      card: "quick",
    });
    expect(parseCommand(["run", "v.mp4", "-t", "fr", "-o", "o.mp4", "--speakers", "2"])).toMatchObject({
      kind: "run",
      to: "fr",
      speakers: 2,
      background: "keep",
      card: "full",
    });
    expect(parseCommand(["run", "v.mp4", "-t", "fr", "-o", "o.mp4", "-c", "quick"])).toMatchObject({
      card: "quick",
    });
    expect(parseCommand(["engines"])).toEqual({ kind: "engines" });
  });
  it("says what is wrong, with the command's usage", () => {
    const bad = (argv: string[], msg: RegExp) => {
      const e = (() => {
        try {
          parseCommand(argv);
        } catch (x) {
          return x;
        }
      })();
      expect(e).toBeInstanceOf(UsageError);
      expect((e as UsageError).message).toMatch(msg);
      expect((e as UsageError).usage).toMatch(/^Usage: dub/);
    };
    bad(["dance"], /unknown command "dance"/);
    bad(["transcribe", "-o", "x.json"], /missing VIDEO/);
    bad(["transcribe", "v.mp4"], /missing -o FILE/);
    bad(["translate", "t.json", "-o", "x"], /missing --to LANG/);
    bad(["render", "v.mp4", "-o", "x"], /missing VIDEO and TRANSCRIPT/);
    bad(["render", "a", "b", "c", "-o", "x"], /unexpected argument "c"/);
    bad(["run", "v", "--to", "es", "-o", "x", "--speakers", "0"], /positive whole number/);
    bad(["render", "a", "b", "-o", "x", "--background", "loud"], /keep, duck or remove/);
    bad(["render", "a", "b", "-o", "x", "--card", "none"], /--card must be full or quick, not "none"/);
    bad(["transcribe", "v", "-o", "x", "--frobnicate"], /frobnicate/);
  });
});

describe("exitCodeFor", () => {
  it("maps error codes to exit codes", () => {
    expect(exitCodeFor("not_found")).toBe(3);
    expect(exitCodeFor("not_media")).toBe(3);
    expect(exitCodeFor("no_speech")).toBe(3);
    expect(exitCodeFor("no_engine")).toBe(4);
    expect(exitCodeFor("unsupported_language")).toBe(4);
    expect(exitCodeFor("aborted")).toBe(130);
    expect(exitCodeFor("ffmpeg_failed")).toBe(1);
    expect(exitCodeFor(undefined)).toBe(1);
  });
});

describe("dub models", () => {
  it("parses list, install (the default set without ids) and remove, and refuses the rest", () => {
    expect(parseCommand(["models", "list"])).toEqual({
      kind: "models",
      action: "list",
      ids: [],
      dir: undefined,
    });
    expect(parseCommand(["models", "install", "base", "-d", "/m"])).toEqual({
      ...{ kind: "models", action: "install" },
      ...{ ids: ["base"], dir: "/m" },
    });
    expect(parseCommand(["models", "install"])).toMatchObject({ action: "install", ids: [] });
    expect(() => parseCommand(["models", "remove"])).toThrow(/missing ID/);
    expect(() => parseCommand(["models", "fetch"])).toThrow(/list, install or remove/);
  });
  it("finds the models' folder: --dir, MODELS_DIR, DATA_DIR/models, data/models", () => {
    expect(modelsDir("/a", { MODELS_DIR: "/b" })).toBe("/a");
    expect(modelsDir(undefined, { MODELS_DIR: "/b", DATA_DIR: "/c" })).toBe("/b");
    expect(modelsDir(undefined, { DATA_DIR: "/c" })).toBe("/c/models");
    expect(modelsDir(undefined, {})).toBe(resolve("data/models"));
    // DATA_DIR's models are made private like the rest of it; a shared folder elsewhere is not
    expect(inDataDir("/c/models", { DATA_DIR: "/c" })).toBe(true);
    expect(inDataDir(resolve("data/models"), {})).toBe(true);
    expect(inDataDir("/cx/models", { DATA_DIR: "/c" })).toBe(false);
    expect(inDataDir("/app/.tools/models", { DATA_DIR: "/data" })).toBe(false);
  });
});
