import { describe, expect, it } from "vitest";
import { type AuthenticatedAnswer, provenEmail } from "./proven-email.ts";

const answer = (over: Partial<AuthenticatedAnswer>): AuthenticatedAnswer => ({
  user_id: "user-1",
  user: {
    emails: [
      { email_id: "email-victim", email: "victim@example.com", verified: false },
      { email_id: "email-squatter", email: "Squatter@Example.com", verified: true },
    ],
  },
  session: { session_id: "s", authentication_factors: [] },
  ...over,
});

describe("provenEmail", () => {
  it("takes the address the magic link was sent to, not the first one on the user", () => {
    expect(provenEmail(answer({ method_id: "email-squatter" }))).toBe("squatter@example.com");
  });

  it("refuses an address that is not verified", () => {
    expect(provenEmail(answer({ method_id: "email-victim" }))).toBeNull();
  });

  it("takes the OAuth factor's email", () => {
    const factors = [{ type: "oauth", google_oauth_factor: { id: "r", email_id: "email-squatter" } }];
    expect(provenEmail(answer({ session: { session_id: "s", authentication_factors: factors } }))).toBe(
      "squatter@example.com",
    );
  });

  it("answers null when the factor proved no email", () => {
    const factors = [{ type: "oauth", google_oauth_factor: { id: "r", email_id: "" } }];
    expect(provenEmail(answer({ session: { session_id: "s", authentication_factors: factors } }))).toBeNull();
    expect(provenEmail(answer({}))).toBeNull();
  });
});
