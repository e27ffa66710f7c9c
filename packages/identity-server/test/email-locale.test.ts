// The locale the client sends is honoured: the sign-in email is written in that language.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Harness, sdk, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

it("sends the magic link and the passcode in the client's language", async () => {
  const link = await sdk(h, "POST", "/magic_links/email/login_or_create", {
    email: "sofia@example.com",
    locale: "es",
  });
  expect(link.status).toBe(200);
  expect(h.mailer.last("sofia@example.com").subject).toBe("Termina de crear tu cuenta de Dubbing");
  const again = await sdk(h, "POST", "/magic_links/email/login_or_create", {
    email: "lea@example.com",
    locale: "de-DE",
  });
  expect(again.status).toBe(200);
  expect(h.mailer.last("lea@example.com").subject).toMatch(/Dubbing-Kontos ab$/);
  await sdk(h, "POST", "/magic_links/email/login_or_create", { email: "tom@example.com" });
  expect(h.mailer.last("tom@example.com").subject).toBe("Finish creating your Dubbing account");
});

it("uses the operator's own HTML for a template id, and the one the client names", async () => {
  const own = await startHarness({
    emailTemplates: {
      magic_link_signup: '<p>Welcome {{email}} — <a href="{{url}}">start</a></p>',
      "magic_link_signup.es": '<p>Bienvenida {{email}} — <a href="{{url}}">empezar</a></p>',
      spring: "<p>Spring sign-up {{minutes}}</p>",
    },
  });
  try {
    await sdk(own, "POST", "/magic_links/email/login_or_create", { email: "ana@example.com", locale: "es" });
    const es = own.mailer.last("ana@example.com");
    expect(es.html).toMatch(
      /^<p>Bienvenida ana@example\.com — <a href="http:\/\/localhost:3000\/[^"]*token=/,
    );
    expect(es.subject).toBe("Termina de crear tu cuenta de Dubbing");
    await sdk(own, "POST", "/magic_links/email/login_or_create", {
      email: "bo@example.com",
      signup_template_id: "spring",
    });
    expect(own.mailer.last("bo@example.com").html).toBe("<p>Spring sign-up 30</p>");
  } finally {
    await own.close();
  }
});
