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
    expect(magicLinkEmail("a@x.com", "Dub", url, 30, false, "es").subject).toBe("Inicia sesión en Dub");
    expect(magicLinkEmail("a@x.com", "Dub", url, 30, true, "fr").subject).toBe(
      "Terminez la création de votre compte Dub",
    );
    const de = magicLinkEmail("a@x.com", "Dub", url, 30, false, "de");
    expect(de.text).toContain(url);
    expect(de.text).toContain("in 30 Minuten ab");
    expect(de.html).toContain("Wenn Sie das nicht angefordert haben");
    expect(de.html).toContain("https://app.example/api/stytch?token=abc&amp;x=1");
    expect(otpEmail("a@x.com", "Dub", "123456", 5, "pt").subject).toBe("123456 é seu código do Dub");
    expect(passwordResetEmail("a@x.com", "Dub", url, 30, undefined, "es").subject).toBe(
      "Elige una nueva contraseña de Dub",
    );
    expect(magicLinkEmail("a@x.com", "Dub", url, 30, false).subject).toBe("Sign in to Dub");
  });

  it("replaces the HTML with an operator's own, in the email's language when there is one", () => {
    const message = magicLinkEmail("a@x.com", "Dub", "https://x/?t=1&u=2", 30, false, "es");
    const templates = {
      magic_link_login: "<p>{{product}}: {{url}} ({{unknown}})</p>",
      "magic_link_login.es": "<p>Hola {{ email }}, {{url}}</p>",
      brand: "<p>Brand {{minutes}}</p>",
    };
    const vars = { url: "https://x/?t=1&u=2", minutes: 30, product: "Dub", email: "<a@x.com>" };
    expect(withOwnHtml(message, templates, [undefined, "magic_link_login"], "es", vars).html).toBe(
      "<p>Hola &lt;a@x.com&gt;, https://x/?t=1&amp;u=2</p>",
    );
    expect(withOwnHtml(message, templates, [undefined, "magic_link_login"], "fr", vars).html).toBe(
      "<p>Dub: https://x/?t=1&amp;u=2 ({{unknown}})</p>",
    );
    expect(withOwnHtml(message, templates, ["brand", "magic_link_login"], "es", vars).html).toBe(
      "<p>Brand 30</p>",
    );
    const untouched = withOwnHtml(message, {}, ["magic_link_login"], "es", vars);
    expect(untouched).toBe(message);
    expect(untouched.subject).toBe("Inicia sesión en Dub");
  });

  it("never takes a built-in property for a template or a placeholder", () => {
    const message = magicLinkEmail("a@x.com", "Dub", "https://x/?t=1", 30, false);
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      expect(withOwnHtml(message, {}, [id, "magic_link_login"], "en", {})).toBe(message);
    }
    const own = { magic_link_login: "<p>{{constructor}} {{toString}} {{url}}</p>" };
    expect(withOwnHtml(message, own, ["magic_link_login"], "en", { url: "u" }).html).toBe(
      "<p>{{constructor}} {{toString}} u</p>",
    );
  });
});
