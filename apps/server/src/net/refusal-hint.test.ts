import { describe, expect, it } from "vitest";
import { privateRefusalHint } from "./refusal-hint.ts";

describe("privateRefusalHint", () => {
  it("says plainly that private networks are not reached, and which setting allows them", () => {
    expect(privateRefusalHint("127.0.0.1 is a private address", "IMPORT_ALLOW_PRIVATE")).toBe(
      "127.0.0.1 is a private address, and this server does not connect to private networks " +
        "(its operator can allow it with IMPORT_ALLOW_PRIVATE)",
    );
    expect(privateRefusalHint("[::1] is a private address.", "WEBHOOKS_ALLOW_PRIVATE")).toContain(
      "allow it with WEBHOOKS_ALLOW_PRIVATE",
    );
  });
  it("leaves every other message as it is", () => {
    expect(privateRefusalHint("answered HTTP 500", "WEBHOOKS_ALLOW_PRIVATE")).toBe("answered HTTP 500");
  });
});
