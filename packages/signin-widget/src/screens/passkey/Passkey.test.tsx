import {
  apiErrorResponse,
  authData,
  fakeUser,
  okResponse,
  testClient,
} from "@dubbing/identity-client/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { passkeyAuthMessage, passkeyRegisterMessage } from "../../actions/passkey.ts";
import { PasskeyRegistration } from "../../PasskeyRegistration.tsx";
import { initialState } from "../../state.ts";
import { renderWidget } from "../../test/render.tsx";

const passkeys = [
  { webauthn_registration_id: "webauthn-1", name: "MacBook" },
  { webauthn_registration_id: "webauthn-2", name: "Phone" },
];

describe("PasskeyRegistration", () => {
  it("refuses without a signed-in user", () => {
    const { client } = testClient();
    render(<PasskeyRegistration client={client} />);
    expect(
      screen.getByText("Error: Cannot use PasskeyRegistration component without active user authenticated."),
    ).toBeTruthy();
  });

  it("starts on 'Set up a new Passkey' for a signed-in user; Skip logs the event and goes to the success screen", async () => {
    const t = testClient({
      routes: {
        "POST /sessions/authenticate": () => okResponse(authData()),
        "GET /users/me": () => okResponse(fakeUser({ webauthn_registrations: passkeys })),
        "POST /events": () => okResponse(),
      },
    });
    await t.client.session.authenticate();
    const events: string[] = [];
    render(<PasskeyRegistration client={t.client} callbacks={{ onEvent: (e) => events.push(e.type) }} />);
    expect(screen.getByRole("heading", { name: "Set up a new Passkey" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(await screen.findByRole("heading", { name: "Passkey successfully created!" })).toBeTruthy();
    expect(events).toContain("PASSKEY_SKIP");
    expect(await screen.findByText("MacBook")).toBeTruthy();
    await waitFor(() => expect(JSON.stringify(t.allCalls.map((c) => c.body))).toContain("passkey_skip"), {
      timeout: 3000,
    });
  });
});

describe("Passkey list", () => {
  const state = initialState("passkeyRegistrationSuccess");

  it("delete asks first, disables everything else meanwhile, and deletes on confirm", async () => {
    let list = passkeys;
    const t = renderWidget({
      state,
      routes: {
        "GET /users/me": () => okResponse(fakeUser({ webauthn_registrations: list })),
        "DELETE /users/webauthn_registrations/webauthn-1": () => {
          list = passkeys.slice(1);
          return okResponse({ __user: fakeUser({ webauthn_registrations: list }) });
        },
      },
    });
    await t.user.click(await screen.findByRole("button", { name: "Delete MacBook" }));
    expect(screen.getByText("Once deleted, the passkey cannot be restored.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Rename Phone" }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Set up another Passkey" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((screen.getByRole("button", { name: "Done" }) as HTMLButtonElement).disabled).toBe(true);
    await t.user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("MacBook")).toBeNull());
    expect(t.routesCalled()).toContain("DELETE /users/webauthn_registrations/webauthn-1");
  });

  it("renames a passkey", async () => {
    const t = renderWidget({
      state,
      routes: {
        "GET /users/me": () => okResponse(fakeUser({ webauthn_registrations: passkeys })),
        "PUT /webauthn/update/webauthn-2": () => okResponse(),
      },
    });
    await t.user.click(await screen.findByRole("button", { name: "Rename Phone" }));
    const input = screen.getByLabelText("Passkey name");
    await t.user.clear(input);
    await t.user.type(input, "Pixel{Enter}");
    await waitFor(() =>
      expect(t.calls.find((c) => c.path === "/webauthn/update/webauthn-2")?.body).toEqual({ name: "Pixel" }),
    );
  });
});

describe("passkey messages (§8)", () => {
  it("maps authentication failures", async () => {
    const t = renderWidget({
      config: { products: ["emailMagicLinks", "passkeys"] },
      routes: {
        "POST /webauthn/authenticate/start/primary": () =>
          apiErrorResponse(
            404,
            "webauthn_registration_not_found",
            "WebAuthn registration could not be found.",
          ),
      },
    });
    await t.user.click(screen.getByRole("button", { name: "Continue with Passkey" }));
    expect(
      await screen.findByText(
        "Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.",
      ),
    ).toBeTruthy();
    expect(passkeyAuthMessage(new Error("x"))).toBe(
      "Unknown error occurred during passkey authentication. Please try again.",
    );
  });

  it("maps registration failures", () => {
    const dup = new Error(
      "The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.",
    );
    expect(passkeyRegisterMessage(dup)).toMatch(
      /^The Passkey cannot be created as it seems to be already registered/,
    );
    const invalidState = Object.assign(new Error("whatever"), { name: "InvalidStateError" });
    expect(passkeyRegisterMessage(invalidState)).toMatch(/already registered/);
    expect(passkeyRegisterMessage(new Error("NotAllowedError"))).toBe(
      "Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.",
    );
  });
});
