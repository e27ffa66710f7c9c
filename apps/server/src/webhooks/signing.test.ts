import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newMessageId, newSecret, signedHeaders, verify } from "./signing.ts";

describe("Standard Webhooks signing", () => {
  it("makes signatures the reference library verifies, and refuses a changed body or another secret", () => {
    const secret = newSecret();
    const id = newMessageId();
    const body = JSON.stringify({
      type: "dub.completed",
      timestamp: new Date().toISOString(),
      data: { a: 1 },
    });
    const headers = signedHeaders(secret, id, body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(verify(secret, headers, body)).toBe(true);
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(verify(secret, headers, `${body} `)).toBe(false);
  });

  it("matches the specification's example signature", () => {
    // the example of github.com/standard-webhooks/standard-webhooks (spec/standard-webhooks.md)
    const headers = signedHeaders(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      '{"test": 2432232314}',
      new Date(1614265330 * 1000),
    );
    expect(headers["webhook-signature"]).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });
});
