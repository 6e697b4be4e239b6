import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { SITE_NAME } from "~/site";
import { env, isProduction } from "~/utils/env.server";

/**
 * Outgoing mail. With SMTP_URL set, a real SMTP conversation; without it, each message is rendered to RFC 822
 * and kept in the outbox folder (`DATA_DIR/outbox`), listed outside production at /dev/outbox. Mail bodies
 * carry reset and verification links: they are printed to the log only outside production (decision 015).
 */
/** Every mail has a text and an HTML part (app/mail/compose.ts writes both); `headers` for List-Unsubscribe. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export type OutboxEntry = { id: string; to: string; subject: string; text: string; date: string };

const outboxDir = () => path.join(env.DATA_DIR, "outbox");

let mailTransport: Transporter | undefined;
function transport(): Transporter {
  return (mailTransport ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }));
}

/**
 * The one sender of every mail (decision 154): MAIL_FROM's address, under MAIL_FROM's name or, when it gives none,
 * the site's name (SITE_NAME).
 */
export function mailSender(from = env.MAIL_FROM): { name: string; address: string } {
  const [parsed] = addressparser(from, { flatten: true });
  if (!parsed?.address) throw new Error(`MAIL_FROM is not an e-mail address: ${from}`);
  return { name: parsed.name || SITE_NAME, address: parsed.address };
}

export async function sendMail(mail: Mail): Promise<void> {
  const info = await transport().sendMail({ ...mail, from: mailSender() });
  if (env.SMTP_URL) return;
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await mkdir(outboxDir(), { recursive: true });
  const entry: OutboxEntry = {
    id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    date: new Date().toISOString(),
  };
  await writeFile(path.join(outboxDir(), `${id}.eml`), (info as { message: Buffer }).message);
  await writeFile(path.join(outboxDir(), `${id}.json`), JSON.stringify(entry));
  if (isProduction) console.log(`[mail] kept in the outbox as ${id}.eml (no SMTP_URL)`);
  else console.log(`[mail] outbox: to=${mail.to} subject="${mail.subject}"\n${mail.text}\n`);
}

/** Once per process at boot: where mail goes without SMTP, said as the default it is (not a fault). */
if (isProduction && !env.SMTP_URL) {
  console.log(`[mail] mail is kept in ${outboxDir()} (to deliver it, set SMTP_URL)`);
}

/** The newest messages first. */
export async function listOutbox(limit = 50): Promise<OutboxEntry[]> {
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  const newest = files
    .filter((f) => f.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8")) as OutboxEntry),
  );
}
