/**
 * Every mail the site sends, in one shape (decision 154): a text part and an HTML part saying the same thing in the
 * same order. The action (the link or button the mail is for) comes right after the sentence that introduces it,
 * before any other paragraph ("ignore this message", the reason the mail was sent), so it is the first thing a
 * reader and a mail client's preview find. Pure functions: callers pass the links (built from the public origin).
 */
export type MailAction = { href: string; label: string };

export type MailContent = {
  subject: string;
  /** the greeting and the sentence(s) leading to the action */
  lead: string[];
  action: MailAction;
  /** what follows the action: details, "if you did not ask for this", why the mail was sent */
  after?: string[];
  /** a quotation shown after the action (a forum reply's text), kept apart from the site's own words */
  quote?: string;
  /** a list after the action (a digest's topics): each a title linking to its address, and a line of text */
  items?: Array<{ link: MailAction; text?: string }>;
  /** a second, smaller link at the end (unsubscribe) */
  footer?: { text: string; link: MailAction };
};

export type ComposedMail = { subject: string; text: string; html: string };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;

export function composeMail(mail: MailContent): ComposedMail {
  const after = mail.after ?? [];
  const text = [
    ...mail.lead,
    `${mail.action.label}: ${mail.action.href}`,
    ...(mail.quote ? [mail.quote.replace(/^/gm, "> ")] : []),
    ...(mail.items ?? []).map((item) =>
      [item.link.label, ...(item.text ? [item.text.replace(/^/gm, "  ")] : []), `  ${item.link.href}`].join("\n"),
    ),
    ...after,
    ...(mail.footer ? [`${mail.footer.text} ${mail.footer.link.label}: ${mail.footer.link.href}`] : []),
  ].join("\n\n");
  const button = `<p style="margin:0 0 24px"><a href="${escapeHtml(mail.action.href)}" style="display:inline-block;background:#4c1d95;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(mail.action.label)}</a></p>`;
  const quote = mail.quote
    ? `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #c4b5fd;color:#3f3a56">${paragraph(mail.quote)}</blockquote>`
    : "";
  const items = mail.items?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${mail.items
        .map(
          (item) =>
            `<li style="margin:0 0 12px"><a href="${escapeHtml(item.link.href)}">${escapeHtml(item.link.label)}</a>${item.text ? `<br>${escapeHtml(item.text).replace(/\n/g, "<br>")}` : ""}</li>`,
        )
        .join("")}</ul>`
    : "";
  const footer = mail.footer
    ? `<p style="margin:24px 0 0;font-size:13px;color:#57534e">${escapeHtml(mail.footer.text)} <a href="${escapeHtml(mail.footer.link.href)}">${escapeHtml(mail.footer.link.label)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head><body style="font-family:Georgia,serif;color:#1c1830;line-height:1.5">${mail.lead.map(paragraph).join("")}${button}${quote}${items}${after.map(paragraph).join("")}${footer}</body></html>`;
  return { subject: mail.subject, text, html };
}
