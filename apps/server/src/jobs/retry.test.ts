import { DubError, MediaError } from "@dubbing/dubbing";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { isRetryable, JobError } from "./retry.ts";

const systemError = (code: string) => Object.assign(new Error(code), { code });
/** What the AWS SDK throws when the store answers with an error. */
const storeError = (name: string, fault: "client" | "server", status: number) =>
  Object.assign(new Error(name), { name, $fault: fault, $metadata: { httpStatusCode: status } });

describe("isRetryable", () => {
  it.each([
    ["an engine hiccup", new DubError("engine_failed", "x"), true],
    ["an interrupted run", new DubError("aborted", "x"), true],
    ["an engine that died twice on the input", new DubError("engine_crashed", "x"), false],
    ["an unsupported language", new DubError("unsupported_language", "x"), false],
    ["no engine installed", new DubError("no_engine", "x"), false],
    ["a video without audio", new DubError("no_audio", "x"), false],
    ["a file that is not media", new MediaError("not_media", "x"), false],
    ["ffmpeg refusing the input", new MediaError("ffmpeg_failed", "x"), false],
    ["ffmpeg stopped by a shutdown", new MediaError("aborted", "x"), true],
    ["a missing object", new MediaError("not_found", "x"), false],
    ["a refusal of the service", new AppError("validation_failed", "x"), false],
    ["the service unavailable", new AppError("unavailable", "x"), true],
    ["a reset connection", systemError("ECONNRESET"), true],
    ["a full disk", systemError("ENOSPC"), true],
    ["a DNS failure", systemError("EAI_AGAIN"), true],
    ["a missing file", systemError("ENOENT"), false],
    ["a permission error", systemError("EACCES"), false],
    ["a serialization failure", systemError("40001"), true],
    ["a lost database connection", systemError("08006"), true],
    ["a database shutting down", systemError("57P01"), true],
    ["a unique violation", systemError("23505"), false],
    ["a syntax error in SQL", systemError("42601"), false],
    ["an unknown error", new Error("?"), true],
    ["a thrown string", "boom", true],
    ["the store refusing a request", storeError("AccessDenied", "client", 403), false],
    ["the store slowing us down", storeError("SlowDown", "client", 503), true],
    ["the store failing inside", storeError("InternalError", "server", 500), true],
    [
      "the store unreachable",
      Object.assign(systemError("ECONNREFUSED"), { $metadata: { attempts: 3 } }),
      true,
    ],
    ["a job error that says final", new JobError("x", { retryable: false }), false],
    ["a job error that says retry", new JobError("x", { retryable: true }), true],
  ])("%s → %s", (_name, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});
