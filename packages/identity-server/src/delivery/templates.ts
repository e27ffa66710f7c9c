// Message texts and templates (pure). Every email has a plain-text and an HTML part.
import type { MailMessage } from "./mailer.ts";

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** What an email's HTML shows: the product's name, a heading, paragraphs and maybe one button. */
interface Layout {
  product: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
}

function layout(t: Pick<Strings, "ignore" | "pasteLink">, { product, heading, paragraphs, button }: Layout) {
  const p = paragraphs
    .map((t) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#333">${escapeHtml(t)}</p>`)
    .join("");
  const b = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#0f5257;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600">${escapeHtml(button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#666">${escapeHtml(t.pasteLink)}<br><span style="word-break:break-all">${escapeHtml(button.url)}</span></p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px"><tr><td><p style="margin:0 0 24px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#0f5257;font-weight:700">${escapeHtml(product)}</p><h1 style="margin:0 0 16px;font-size:22px;color:#111">${escapeHtml(heading)}</h1>${p}${b}<p style="margin:24px 0 0;font-size:12px;color:#888">${escapeHtml(t.ignore)}</p></td></tr></table></td></tr></table></body></html>`;
}

/** The languages the sign-in emails are written in; any other `locale` gets English. */
const EMAIL_LOCALES = ["en", "es", "fr", "de", "pt"] as const;
type EmailLocale = (typeof EMAIL_LOCALES)[number];

/** Pure: "pt-BR", "es_ES", "FR" → the email language; unknown or missing → English. */
export function emailLocale(locale: string | undefined): EmailLocale {
  const base = (locale ?? "").toLowerCase().split(/[-_]/)[0] ?? "";
  return (EMAIL_LOCALES as readonly string[]).includes(base) ? (base as EmailLocale) : "en";
}

interface Strings {
  signIn: (p: string) => string;
  signUp: (p: string) => string;
  signInLabel: string;
  signUpLabel: string;
  click: (label: string) => string;
  once: (m: number) => string;
  ignore: string;
  passcode: (p: string) => string;
  passcodeSubject: (code: string, p: string) => string;
  enter: (code: string) => string;
  expires: (m: number) => string;
  reset: (p: string) => string;
  resetLabel: string;
  resetClick: string;
  orSignIn: (url: string) => string;
  pasteLink: string;
}

const STRINGS: Record<EmailLocale, Strings> = {
  en: {
    signIn: (p) => `Sign in to ${p}`,
    signUp: (p) => `Finish creating your ${p} account`,
    signInLabel: "Sign in",
    signUpLabel: "Create account",
    click: (label) => `Click the button below to ${label.toLowerCase()}.`,
    once: (m) => `This link works once and expires in ${m} minutes.`,
    ignore: "If you did not ask for this, you can ignore this email.",
    passcode: (p) => `Your ${p} passcode`,
    passcodeSubject: (code, p) => `${code} is your ${p} passcode`,
    enter: (code) => `Enter this passcode to continue: ${code}`,
    expires: (m) => `It expires in ${m} minutes. Never share it with anyone.`,
    reset: (p) => `Set a new ${p} password`,
    resetLabel: "Reset password",
    resetClick: "Click the button below to choose a new password.",
    orSignIn: (url) => `You can also sign in without a password: ${url}`,
    pasteLink: "If the button does not work, paste this address into your browser:",
  },
  es: {
    signIn: (p) => `Inicia sesión en ${p}`,
    signUp: (p) => `Termina de crear tu cuenta de ${p}`,
    signInLabel: "Iniciar sesión",
    signUpLabel: "Crear cuenta",
    click: (label) =>
      `Pulsa el botón de abajo para ${label === "Crear cuenta" ? "crear la cuenta" : "iniciar sesión"}.`,
    once: (m) => `Este enlace funciona una sola vez y caduca en ${m} minutos.`,
    ignore: "Si no lo has pedido tú, puedes ignorar este correo.",
    passcode: (p) => `Tu código de ${p}`,
    passcodeSubject: (code, p) => `${code} es tu código de ${p}`,
    enter: (code) => `Introduce este código para continuar: ${code}`,
    expires: (m) => `Caduca en ${m} minutos. No lo compartas con nadie.`,
    reset: (p) => `Elige una nueva contraseña de ${p}`,
    resetLabel: "Restablecer contraseña",
    resetClick: "Pulsa el botón de abajo para elegir una nueva contraseña.",
    orSignIn: (url) => `También puedes iniciar sesión sin contraseña: ${url}`,
    pasteLink: "Si el botón no funciona, pega esta dirección en tu navegador:",
  },
  fr: {
    signIn: (p) => `Connexion à ${p}`,
    signUp: (p) => `Terminez la création de votre compte ${p}`,
    signInLabel: "Se connecter",
    signUpLabel: "Créer le compte",
    click: (label) =>
      `Cliquez sur le bouton ci-dessous pour ${label === "Créer le compte" ? "créer le compte" : "vous connecter"}.`,
    once: (m) => `Ce lien ne fonctionne qu'une fois et expire dans ${m} minutes.`,
    ignore: "Si vous n'avez rien demandé, ignorez ce message.",
    passcode: (p) => `Votre code ${p}`,
    passcodeSubject: (code, p) => `${code} est votre code ${p}`,
    enter: (code) => `Saisissez ce code pour continuer : ${code}`,
    expires: (m) => `Il expire dans ${m} minutes. Ne le communiquez à personne.`,
    reset: (p) => `Choisissez un nouveau mot de passe ${p}`,
    resetLabel: "Réinitialiser le mot de passe",
    resetClick: "Cliquez sur le bouton ci-dessous pour choisir un nouveau mot de passe.",
    orSignIn: (url) => `Vous pouvez aussi vous connecter sans mot de passe : ${url}`,
    pasteLink: "Si le bouton ne fonctionne pas, collez cette adresse dans votre navigateur :",
  },
  de: {
    signIn: (p) => `Bei ${p} anmelden`,
    signUp: (p) => `Schließen Sie die Erstellung Ihres ${p}-Kontos ab`,
    signInLabel: "Anmelden",
    signUpLabel: "Konto erstellen",
    click: (label) =>
      `Klicken Sie auf die Schaltfläche unten, um ${label === "Konto erstellen" ? "das Konto zu erstellen" : "sich anzumelden"}.`,
    once: (m) => `Dieser Link funktioniert einmal und läuft in ${m} Minuten ab.`,
    ignore: "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
    passcode: (p) => `Ihr ${p}-Code`,
    passcodeSubject: (code, p) => `${code} ist Ihr ${p}-Code`,
    enter: (code) => `Geben Sie diesen Code ein, um fortzufahren: ${code}`,
    expires: (m) => `Er läuft in ${m} Minuten ab. Geben Sie ihn niemandem weiter.`,
    reset: (p) => `Neues ${p}-Passwort festlegen`,
    resetLabel: "Passwort zurücksetzen",
    resetClick: "Klicken Sie auf die Schaltfläche unten, um ein neues Passwort zu wählen.",
    orSignIn: (url) => `Sie können sich auch ohne Passwort anmelden: ${url}`,
    pasteLink: "Wenn die Schaltfläche nicht funktioniert, fügen Sie diese Adresse in Ihren Browser ein:",
  },
  pt: {
    signIn: (p) => `Entre no ${p}`,
    signUp: (p) => `Termine de criar sua conta no ${p}`,
    signInLabel: "Entrar",
    signUpLabel: "Criar conta",
    click: (label) => `Clique no botão abaixo para ${label === "Criar conta" ? "criar a conta" : "entrar"}.`,
    once: (m) => `Este link funciona uma vez e expira em ${m} minutos.`,
    ignore: "Se você não pediu isto, pode ignorar este e-mail.",
    passcode: (p) => `Seu código do ${p}`,
    passcodeSubject: (code, p) => `${code} é seu código do ${p}`,
    enter: (code) => `Digite este código para continuar: ${code}`,
    expires: (m) => `Ele expira em ${m} minutos. Nunca o compartilhe com ninguém.`,
    reset: (p) => `Defina uma nova senha do ${p}`,
    resetLabel: "Redefinir senha",
    resetClick: "Clique no botão abaixo para escolher uma nova senha.",
    orSignIn: (url) => `Você também pode entrar sem senha: ${url}`,
    pasteLink: "Se o botão não funcionar, cole este endereço no seu navegador:",
  },
};

/** Who a sign-in email goes to, from which product, in which language, valid how long. */
export interface EmailTo {
  to: string;
  product: string;
  minutes: number;
  locale?: string;
}

export function magicLinkEmail({
  to,
  product,
  url,
  minutes,
  signup,
  locale,
}: EmailTo & { url: string; signup: boolean }): MailMessage {
  const t = STRINGS[emailLocale(locale)];
  const heading = signup ? t.signUp(product) : t.signIn(product);
  const label = signup ? t.signUpLabel : t.signInLabel;
  const line = t.once(minutes);
  return {
    to,
    subject: heading,
    text: `${heading}\n\n${label}: ${url}\n\n${line}\n\n${t.ignore}\n`,
    html: layout(t, { product, heading, paragraphs: [t.click(label), line], button: { label, url } }),
  };
}

export function otpEmail({ to, product, code, minutes, locale }: EmailTo & { code: string }): MailMessage {
  const t = STRINGS[emailLocale(locale)];
  const heading = t.passcode(product);
  return {
    to,
    subject: t.passcodeSubject(code, product),
    text: `${heading}: ${code}\n\n${t.expires(minutes)}\n`,
    html: layout(t, { product, heading, paragraphs: [t.enter(code), t.expires(minutes)] }),
  };
}

export function otpSms(product: string, code: string, minutes: number): string {
  return `${code} is your ${product} passcode. It expires in ${minutes} minutes. Never share it.`;
}

export function passwordResetEmail({
  to,
  product,
  resetUrl,
  minutes,
  loginUrl,
  locale,
}: EmailTo & { resetUrl: string; loginUrl?: string }): MailMessage {
  const t = STRINGS[emailLocale(locale)];
  const heading = t.reset(product);
  const line = t.once(minutes);
  const login = loginUrl ? `\n\n${t.orSignIn(loginUrl)}` : "";
  const paragraphs = [t.resetClick, line];
  if (loginUrl) paragraphs.push(t.orSignIn(loginUrl));
  return {
    to,
    subject: heading,
    text: `${heading}\n\n${t.resetLabel}: ${resetUrl}\n\n${line}${login}\n\n${t.ignore}\n`,
    html: layout(t, { product, heading, paragraphs, button: { label: t.resetLabel, url: resetUrl } }),
  };
}

/**
 * An operator's own HTML for an email (Ctx.emailTemplates): the first of `ids` with a template, in the
 * email's language if there is one (`id.es`), else the plain id; its {{placeholders}} filled, escaped.
 */
export interface OwnHtml {
  templates: Record<string, string>;
  ids: (string | undefined)[];
  locale: string | undefined;
  vars: Record<string, string | number>;
}

export function withOwnHtml(message: MailMessage, { templates, ids, locale, vars }: OwnHtml): MailMessage {
  const lang = emailLocale(locale);
  // Ids and placeholders come from the request and the template: only own entries count, never a
  // built-in property such as `constructor` or `toString`.
  const own = (key: string) => (Object.hasOwn(templates, key) ? templates[key] : undefined);
  for (const id of ids) {
    if (!id) continue;
    const html = own(`${id}.${lang}`) ?? own(id);
    if (html === undefined) continue;
    const filled = html.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? escapeHtml(String(vars[name])) : whole,
    );
    return { ...message, html: filled };
  }
  return message;
}
