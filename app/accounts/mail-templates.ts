import { SITE_NAME } from "~/site";

/**
 * The accounts domain's e-mails as plain text plus a small HTML part. Pure functions: the caller supplies the
 * link (built from the public origin) so they are easy to test.
 */
export type AccountMail = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "";
  return `<!doctype html><html><body style="font-family:Georgia,serif;color:#1c1830">${body}${button}</body></html>`;
}

export function verifyEmailMail({ username, link }: { username: string; link: string }): AccountMail {
  const lines = [
    `Hello ${username},`,
    `Please confirm your e-mail address for ${SITE_NAME} by opening this link within 24 hours:`,
  ];
  const after = ["If you did not create an account or add this address, you can ignore this message."];
  return {
    subject: `Confirm your email address for ${SITE_NAME}`,
    text: [...lines, link, ...after].join("\n\n"),
    html: html([...lines, ...after], { href: link, label: "Confirm my email address" }),
  };
}

export function resetPasswordMail({ username, link }: { username: string; link: string }): AccountMail {
  const lines = [
    `Hello ${username},`,
    `Someone asked to reset the password of your ${SITE_NAME} account. Open this link to choose a new password. The link expires in 1 hour and works once:`,
  ];
  const after = ["If you did not ask for this, ignore this message: your password stays as it is."];
  return {
    subject: `Reset your ${SITE_NAME} password`,
    text: [...lines, link, ...after].join("\n\n"),
    html: html([...lines, ...after], { href: link, label: "Choose a new password" }),
  };
}

export function usernameReminderMail({
  usernames,
  signInLink,
}: {
  usernames: string[];
  signInLink: string;
}): AccountMail {
  const list =
    usernames.length === 1 ? `Your username is: ${usernames[0]}` : `Your usernames are: ${usernames.join(", ")}`;
  const lines = [`You asked for a reminder of your ${SITE_NAME} username.`, list, "Sign in here:"];
  const after = ["If you did not ask for this, you can ignore this message."];
  return {
    subject: `Your ${SITE_NAME} username`,
    text: [...lines, signInLink, ...after].join("\n\n"),
    html: html([...lines, ...after], { href: signInLink, label: "Sign in" }),
  };
}

/** To the previous address when the account's e-mail address changes: a hijacker cannot change it quietly. */
export function emailChangedMail({
  username,
  newEmail,
  resetLink,
}: {
  username: string;
  newEmail: string;
  resetLink: string;
}): AccountMail {
  const lines = [
    `Hello ${username},`,
    `The e-mail address of your ${SITE_NAME} account was changed to ${newEmail}. Mail about the account now goes there, and every other browser signed in to it was signed out.`,
    "If you did not make this change, someone may know your password: reset it here at once and contact us:",
  ];
  return {
    subject: `Your ${SITE_NAME} e-mail address was changed`,
    text: [...lines, resetLink].join("\n\n"),
    html: html(lines, { href: resetLink, label: "Reset my password" }),
  };
}

/** To the member after a password reset or change. */
export function passwordChangedMail({ username, resetLink }: { username: string; resetLink: string }): AccountMail {
  const lines = [
    `Hello ${username},`,
    `The password of your ${SITE_NAME} account was changed, and every other browser signed in to it was signed out.`,
    "If you did not make this change, reset your password here at once:",
  ];
  return {
    subject: `Your ${SITE_NAME} password was changed`,
    text: [...lines, resetLink].join("\n\n"),
    html: html(lines, { href: resetLink, label: "Reset my password" }),
  };
}
