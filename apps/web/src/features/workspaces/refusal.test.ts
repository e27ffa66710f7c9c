import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { roleRefusal } from "./refusal.ts";

describe("roleRefusal", () => {
  it("says why the role was refused and what became of the change", () => {
    const refused = new ApiError(
      403,
      "forbidden",
      "Your role in this workspace (reviewer) cannot do this: it needs editor or more.",
    );
    expect(roleRefusal(refused, "Your edit was undone.")).toBe(
      "Not saved: Your role in this workspace (reviewer) cannot do this: it needs editor or more. Your edit was undone.",
    );
  });

  it("leaves every other failure to its caller", () => {
    expect(roleRefusal(new ApiError(409, "conflict", "A job runs."), "x")).toBeNull();
    expect(roleRefusal(new Error("offline"), "x")).toBeNull();
  });
});
