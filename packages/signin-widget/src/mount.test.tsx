import { testClient } from "@dubbing/identity-client/testing";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { mount, mountPasskeyRegistration } from "./mount.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("mount", () => {
  it("throws when the selector matches nothing", () => {
    const { client } = testClient();
    expect(() => mount("#nowhere", { client })).toThrow(
      'The selector "#nowhere" does not match any element on the page.',
    );
    expect(() => mountPasskeyRegistration(".nope", { client })).toThrow(/does not match/);
  });

  it("mounts and unmounts the widget", async () => {
    document.body.innerHTML = '<div id="login"></div>';
    const { client } = testClient();
    let mounted: ReturnType<typeof mount> | undefined;
    await act(async () => {
      mounted = mount("#login", { client, config: {} });
    });
    expect(screen.getByRole("heading", { name: "Sign up or log in" })).toBeTruthy();
    act(() => mounted?.unmount());
    expect(document.querySelector("#login")?.innerHTML).toBe("");
  });

  it("renders inside an open shadow root with enableShadowDOM", async () => {
    document.body.innerHTML = '<div id="login"></div>';
    const { client } = testClient();
    await act(async () => {
      mount("#login", { client, config: { enableShadowDOM: true } });
    });
    const host = document.querySelector("[data-dbsw-shadow-host]");
    expect(host?.shadowRoot?.querySelector(".dbsw-root h1")?.textContent).toBe("Sign up or log in");
    expect(host?.shadowRoot?.querySelector("style")?.textContent).toContain(":host");
    expect(document.querySelector(".dbsw-root")).toBeNull();
  });
});

describe("IdentityProvider", () => {
  it("lets <SignIn config callbacks /> find the client", async () => {
    const { client } = testClient();
    const { render } = await import("@testing-library/react");
    const { SignIn } = await import("./SignIn.tsx");
    const { IdentityProvider } = await import("./IdentityProvider.tsx");
    render(
      <IdentityProvider client={client}>
        <SignIn config={{ products: ["emailMagicLinks"] }} callbacks={{}} />
      </IdentityProvider>,
    );
    expect(screen.getByRole("button", { name: "Continue with email" })).toBeTruthy();
  });
});
