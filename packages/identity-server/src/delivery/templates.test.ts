import { describe, expect, it } from "vitest";
import { emailLocale, magicLinkEmail, otpEmail, passwordResetEmail, withOwnHtml } from "./templates.ts";

describe("email templates", () => {
  it("picks the email language from the client's locale, English otherwise", () => {
    expect(emailLocale("pt-BR")).toBe("pt");
    expect(emailLocale("es_ES")).toBe("es");
    expect(emailLocale("FR")).toBe("fr");
    expect(emailLocale("de")).toBe("de");
    expect(emailLocale("ja")).toBe("en");
    expect(emailLocale(undefined)).toBe("en");
  });

  it("writes every sign-in email in the five languages, the link and code untouched", () => {
    const url = "https://app.example/api/stytch?token=abc&x=1";
    expect(
      magicLinkEmail({ to: "a@x.com", product: "Dub", url, minutes: 30, signup: false, locale: "es" })
        .subject,
    ).toBe("Inicia sesión en Dub");
    expect(
      magicLinkEmail({ to: "a@x.com", product: "Dub", url, minutes: 30, signup: true, locale: "fr" }).subject,
    ).toBe("Terminez la création de votre compte Dub");
    const de = magicLinkEmail({
      to: "a@x.com",
      product: "Dub",
      url,
      minutes: 30,
      signup: false,
      locale: "de",
    });
    expect(de.text).toContain(url);
    expect(de.text).toContain("in 30 Minuten ab");
    expect(de.html).toContain("Wenn Sie das nicht angefordert haben");
    expect(de.html).toContain("https://app.example/api/stytch?token=abc&amp;x=1");
    expect(
      otpEmail({ to: "a@x.com", product: "Dub", code: "123456", minutes: 5, locale: "pt" }).subject,
    ).toBe("123456 é seu código do Dub");
    expect(
      passwordResetEmail({ to: "a@x.com", product: "Dub", resetUrl: url, minutes: 30, locale: "es" }).subject,
    ).toBe("Elige una nueva contraseña de Dub");
    expect(magicLinkEmail({ to: "a@x.com", product: "Dub", url, minutes: 30, signup: false }).subject).toBe(
      "Sign in to Dub",
    );
  });

  it("replaces the HTML with an operator's own, in the email's language when there is one", () => {
    const message = magicLinkEmail({
      to: "a@x.com",
      product: "Dub",
      url: "https://x/?t=1&u=2",
      minutes: 30,
      signup: false,
      locale: "es",
    });
    const templates = {
      magic_link_login: "<p>{{product}}: {{url}} ({{unknown}})</p>",
      "magic_link_login.es": "<p>Hola {{ email }}, {{url}}</p>",
      brand: "<p>Brand {{minutes}}</p>",
    };
    const vars = { url: "https://x/?t=1&u=2", minutes: 30, product: "Dub", email: "<a@x.com>" };
    expect(
      withOwnHtml(message, { templates, ids: [undefined, "magic_link_login"], locale: "es", vars }).html,
    ).toBe("<p>Hola &lt;a@x.com&gt;, https://x/?t=1&amp;u=2</p>");
    expect(
      withOwnHtml(message, { templates, ids: [undefined, "magic_link_login"], locale: "fr", vars }).html,
    ).toBe("<p>Dub: https://x/?t=1&amp;u=2 ({{unknown}})</p>");
    expect(
      withOwnHtml(message, { templates, ids: ["brand", "magic_link_login"], locale: "es", vars }).html,
    ).toBe("<p>Brand 30</p>");
    const untouched = withOwnHtml(message, { templates: {}, ids: ["magic_link_login"], locale: "es", vars });
    expect(untouched).toBe(message);
    expect(untouched.subject).toBe("Inicia sesión en Dub");
  });

  it("never takes a built-in property for a template or a placeholder", () => {
    const message = magicLinkEmail({
      to: "a@x.com",
      product: "Dub",
      url: "https://x/?t=1",
      minutes: 30,
      signup: false,
    });
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      expect(
        withOwnHtml(message, { templates: {}, ids: [id, "magic_link_login"], locale: "en", vars: {} }),
      ).toBe(message);
    }
    const own = { magic_link_login: "<p>{{constructor}} {{toString}} {{url}}</p>" };
    expect(
      withOwnHtml(message, { templates: own, ids: ["magic_link_login"], locale: "en", vars: { url: "u" } })
        .html,
    ).toBe("<p>{{constructor}} {{toString}} u</p>");
  });
});
