import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

/**
 * The one way the tests receive the site's mail over real SMTP: smtp-server on loopback (a free port), which
 * nodemailer talks to as to any relay, keeping each mail it is given. No STARTTLS: smtp-server's built-in certificate
 * has expired.
 */

/** A mail the server was given: its envelope's recipients, its RFC 822 text, and when it arrived (ms). */
export type ReceivedMail = { to: string[]; raw: string; at: number };

export type TestSmtp = {
  /** the SMTP_URL that sends to this server */
  readonly url: string;
  /** every mail answered, in order of arrival */
  readonly inbox: ReceivedMail[];
  /** the mails to one address */
  mailsTo(address: string): ReceivedMail[];
  /** resolves when the next mail arrives, or after `ms` (callers poll their own condition) */
  nextMail(ms: number): Promise<void>;
  close(): Promise<void>;
};

/**
 * Starts the server. `hold(mail)` true: the mail's DATA is never answered (a relay that hangs mid-conversation) and
 * it is not kept.
 */
export async function startTestSmtp(options: { hold?: (mail: ReceivedMail) => boolean } = {}): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        };
        if (options.hold?.(mail)) return;
        inbox.push(mail);
        waiters.splice(0).forEach((wake) => wake());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true&secure=false`,
    inbox,
    mailsTo: (address) => inbox.filter((mail) => mail.to.includes(address)),
    nextMail: (ms) =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, ms);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The SMTP server of one test file, started before its tests (call it before the file's own hooks) and closed after
 * them. It sets SMTP_URL, which the site's environment reads once per process: the file imports the app's modules
 * only after, inside its tests or hooks.
 */
export function smtpForFile(): Omit<TestSmtp, "close"> {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    process.env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const started = () => {
    if (!smtp) throw new Error("the test SMTP server starts before the file's tests");
    return smtp;
  };
  return {
    get url() {
      return started().url;
    },
    get inbox() {
      return started().inbox;
    },
    mailsTo: (address) => started().mailsTo(address),
    nextMail: (ms) => started().nextMail(ms),
  };
}

/** A mail as a mail client reads it (mailparser): its headers by name, subject, text part and HTML part. */
export async function readMail(raw: string) {
  const mail = await simpleParser(raw);
  const headers = new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(":") + 1).trim()]));
  return {
    headers,
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
  };
}
