import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { checkPayload, defineJob, payloadSchemas } from "./definition.ts";
import { JobError } from "./retry.ts";

const job = defineJob({
  name: "demo",
  payload: z.strictObject({ projectId: z.string(), regenerate: z.array(z.number()).optional() }),
  run: vi.fn(async (_deps: unknown, data: { projectId: string }) => data.projectId),
});

describe("a job's payload schema", () => {
  it("runs the handler on a payload that fits", async () => {
    await expect(job.runQueued({}, { projectId: "p1" }, false)).resolves.toBe("p1");
    expect(job.run).toHaveBeenCalledWith({}, { projectId: "p1" }, false);
  });

  it("fails for good, without running, on one that does not fit", async () => {
    vi.mocked(job.run).mockClear();
    for (const bad of [{}, { projectId: 1 }, { projectId: "p1", extra: true }, null]) {
      const error = await job.runQueued({}, bad, false).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobError);
      expect((error as JobError).retryable).toBe(false);
      expect((error as JobError).message).toMatch(/^the demo job's payload does not fit its schema/);
    }
    expect(job.run).not.toHaveBeenCalled();
  });

  it("is checked before sending, by queue name", () => {
    const schemas = payloadSchemas([job]);
    expect(() => checkPayload(schemas, "demo", { projectId: "p1" })).not.toThrow();
    expect(() => checkPayload(schemas, "demo", { projectId: "p1", regenerate: ["a"] })).toThrow(JobError);
    expect(() => checkPayload(schemas, "nope", {})).toThrow('no job is named "nope"');
  });
});
