// Message texts and templates (pure). Every email has a plain-text and an HTML part.
import type { MailMessage } from "./mailer.ts";

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function layout(
  product: string,
  heading: string,
  paragraphs: string[],
  button?: { label: string; url: string },
) {
  const p = paragraphs
    .map((t) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#333">${escapeHtml(t)}</p>`)
    .join("");
  const b = button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#0f5257;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600">${escapeHtml(button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#666">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(button.url)}</span></p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px"><table role="presentation" width="480" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px"><tr><td><p style="margin:0 0 24px;font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#0f5257;font-weight:700">${escapeHtml(product)}</p><h1 style="margin:0 0 16px;font-size:22px;color:#111">${escapeHtml(heading)}</h1>${p}${b}<p style="margin:24px 0 0;font-size:12px;color:#888">If you did not ask for this, you can ignore this email.</p></td></tr></table></td></tr></table></body></html>`;
}

export function magicLinkEmail(
  to: string,
  product: string,
  url: string,
  minutes: number,
  signup: boolean,
): MailMessage {
  const heading = signup ? `Finish creating your ${product} account` : `Sign in to ${product}`;
  const label = signup ? "Create account" : "Sign in";
  const line = `This link works once and expires in ${minutes} minutes.`;
  return {
    to,
    subject: heading,
    text: `${heading}\n\n${label}: ${url}\n\n${line}\n\nIf you did not ask for this, you can ignore this email.\n`,
    html: layout(product, heading, [`Click the button below to ${label.toLowerCase()}.`, line], {
      label,
      url,
    }),
  };
}

export function otpEmail(to: string, product: string, code: string, minutes: number): MailMessage {
  const heading = `Your ${product} passcode`;
  return {
    to,
    subject: `${code} is your ${product} passcode`,
    text: `${heading}: ${code}\n\nIt expires in ${minutes} minutes. Never share it with anyone.\n`,
    html: layout(product, heading, [
      `Enter this passcode to continue: ${code}`,
      `It expires in ${minutes} minutes. Never share it with anyone.`,
    ]),
  };
}

export function otpSms(product: string, code: string, minutes: number): string {
  return `${code} is your ${product} passcode. It expires in ${minutes} minutes. Never share it.`;
}

export function passwordResetEmail(
  to: string,
  product: string,
  resetUrl: string,
  minutes: number,
  loginUrl?: string,
): MailMessage {
  const heading = `Set a new ${product} password`;
  const line = `This link works once and expires in ${minutes} minutes.`;
  const login = loginUrl ? `\n\nOr sign in without a password: ${loginUrl}` : "";
  const paragraphs = ["Click the button below to choose a new password.", line];
  if (loginUrl) paragraphs.push(`You can also sign in without a password: ${loginUrl}`);
  return {
    to,
    subject: heading,
    text: `${heading}\n\nReset password: ${resetUrl}\n\n${line}${login}\n\nIf you did not ask for this, you can ignore this email.\n`,
    html: layout(product, heading, paragraphs, { label: "Reset password", url: resetUrl }),
  };
}
