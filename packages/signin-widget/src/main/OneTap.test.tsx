import { apiErrorResponse, okResponse } from "@dubbing/identity-client/testing";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWidget } from "../test/render.tsx";

type Options = Record<string, unknown> & { nonce?: string; callback?: (r: { credential: string }) => void };

/** Google's script, already on the page: prompt() hands over a credential at once. */
function fakeGoogle(seen: Options[]) {
  (window as unknown as { google: unknown }).google = {
    accounts: {
      id: {
        initialize: (o: Options) => seen.push(o),
        prompt: () => seen.at(-1)?.callback?.({ credential: "header.payload.signature" }),
        cancel: () => {},
      },
    },
  };
}

afterEach(() => {
  delete (window as unknown as { google?: unknown }).google;
});

const config = {
  products: ["oauth" as const],
  oauthOptions: {
    providers: [{ type: "google" as const, one_tap: true, client_id: "google-client" }],
    loginRedirectURL: "https://app.example.com/api/stytch/google",
    signupRedirectURL: "https://app.example.com/api/stytch/google",
  },
};

describe("Google One Tap", () => {
  it("initialises Google's prompt with the server's nonce and sends the credential to the server", async () => {
    const seen: Options[] = [];
    fakeGoogle(seen);
    const w = renderWidget({
      config,
      routes: {
        "POST /oauth/google/onetap/start": () => okResponse({ nonce: "n-123", client_id: "google-client" }),
        "POST /oauth/google/onetap/submit": () =>
          apiErrorResponse(400, "oauth_flow_failed", "The Google credential could not be verified."),
      },
    });
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ client_id: "google-client", nonce: "n-123" });
    const start = w.calls.find((c) => c.path === "/oauth/google/onetap/start");
    expect(start?.body).toMatchObject({
      login_redirect_url: "https://app.example.com/api/stytch/google",
      signup_redirect_url: "https://app.example.com/api/stytch/google",
    });
    await waitFor(() =>
      expect(w.calls.find((c) => c.path === "/oauth/google/onetap/submit")?.body).toEqual({
        credential: "header.payload.signature",
      }),
    );
    // The server refused it: the Google button comes back with the reason.
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(
      screen.getByText("One Tap could not load: The Google credential could not be verified."),
    ).toBeTruthy();
  });

  it("falls back when the server has no Google client", async () => {
    fakeGoogle([]);
    renderWidget({
      config,
      routes: { "POST /oauth/google/onetap/start": () => apiErrorResponse(404, "oauth_config_not_found") },
    });
    expect(await screen.findByRole("button", { name: "Continue with Google" })).toBeTruthy();
    expect(
      screen.getByText("One Tap could not load: No Google client is configured for this project."),
    ).toBeTruthy();
  });
});
