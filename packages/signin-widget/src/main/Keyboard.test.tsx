import { okResponse } from "@dubbing/identity-client/testing";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWidget } from "../test/render.tsx";

describe("keyboard only", () => {
  it("Tab goes OAuth button → email → submit; Enter sends; focus lands on the next screen's heading", async () => {
    const w = renderWidget({
      config: { products: ["oauth", "emailMagicLinks"], oauthOptions: { providers: ["google"] } },
      routes: { "POST /magic_links/email/login_or_create": () => okResponse() },
    });
    await w.user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Continue with Google" }));
    await w.user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    await w.user.keyboard("ada@example.com");
    await w.user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Continue with email" }));
    await w.user.keyboard("{Enter}");
    const heading = await screen.findByRole("heading", { name: "Check your email" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await w.user.tab();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Open Gmail" }));
    await w.user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Back" }));
  });
});
