import { describe, expect, it } from "vitest";
import { themeVariables } from "./theme.ts";

describe("theme", () => {
  it("has the §3/§9 defaults", () => {
    const v = themeVariables();
    expect(v["--dbsw-container-bg"]).toBe("#ffffff");
    expect(v["--dbsw-container-width"]).toBe("400px");
    expect(v["--dbsw-container-radius"]).toBe("8px");
    expect(v["--dbsw-primary"]).toBe("#19303d");
    expect(v["--dbsw-error"]).toBe("#8b1214");
    expect(v["--dbsw-font"]).toMatch(/^Arial/);
  });
  it("buttons and inputs follow the primary colour unless themed themselves", () => {
    const v = themeVariables({
      colors: { primary: "#5b21b6" },
      buttons: { secondary: { textColor: "#111111" } },
    });
    expect(v["--dbsw-btn-primary-bg"]).toBe("#5b21b6");
    expect(v["--dbsw-btn-secondary-border"]).toBe("#5b21b6");
    expect(v["--dbsw-btn-secondary-text"]).toBe("#111111");
    expect(v["--dbsw-input-text"]).toBe("#5b21b6");
  });
});
