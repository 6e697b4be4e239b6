import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureDatabase } from "../../db/embedded";
import { startAppServer } from "../../scripts/app-server";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * Fair background work (issue 33, decision 160): mail has its own lane of workers, so a password-reset mail is
 * delivered within 5 s while 60 conversions wait; conversions are limited per person. Through the real server
 * with its job workers, a real SMTP client and real conversions (a STEP file each).
 */
const step = readFileSync(path.resolve(import.meta.dirname, "../fixtures/models3d/cube.step"));

describe("mail beside 60 queued conversions", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "jobs-fairness-"));
  const database = `test_jobs_fairness_${process.pid}`;
  let url = "";
  let smtp: TestSmtp;
  let server: Awaited<ReturnType<typeof startAppServer>>;

  beforeAll(async () => {
    const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!);
    admin.pathname = "/postgres";
    const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop database if exists ${database} with (force)`);
    await sql.end();
    await ensureDatabase(admin.toString(), database);
    const target = new URL(admin);
    target.pathname = `/${database}`;
    url = target.toString();
    smtp = await startTestSmtp();
    server = await startAppServer(
      { DATABASE_URL: url, DATA_DIR: dataDir, RUN_JOBS: "true", SMTP_URL: smtp.url },
      { stderr: "inherit" },
    );
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (ip: string) => {
    const body = new FormData();
    body.set("model", new Blob([step]), "cube.step");
    const response = await fetch(`${server.base}/api/3d/upload`, {
      method: "POST",
      headers: { "X-Forwarded-For": ip, Origin: server.base },
      body,
    });
    return { status: response.status, body: (await response.json()) as { urn?: string; error?: string } };
  };

  it("delivers a password-reset mail within 5 s while 60 conversions are queued, and limits conversions per person", async () => {
    const email = "fair@example.org";
    const registered = await fetch(`${server.base}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.base },
      body: JSON.stringify({ username: "fair_member", email, password: "Storm2026pass!" }),
    });
    expect(registered.status).toBe(201);
    await expect.poll(() => smtp.mailsTo(email).length, { timeout: 15_000 }).toBe(1); // verification

    // 60 conversions from 30 people (two each: the third of a person is refused until one is done).
    const answers = [];
    for (let person = 1; person <= 30; person++) {
      const ip = `10.33.0.${person}`;
      answers.push(await upload(ip), await upload(ip));
      if (person === 1) {
        const third = await upload(ip);
        expect(third.status).toBe(429);
        expect(third.body.error).toBe(
          "You have 2 models waiting to be converted. Please upload the next one when one of them is ready.",
        );
      }
    }
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(201));
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const unconverted = async () =>
      (
        await sql<{ n: number }[]>`select count(*)::int as n from models3d where status not in ('success', 'failed')`
      )[0]!.n;
    try {
      const queued = await unconverted();
      expect(queued).toBeGreaterThanOrEqual(50);

      const asked = Date.now();
      const reset = await fetch(`${server.base}/api/forgot-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.base },
        body: JSON.stringify({ email }),
      });
      expect(reset.status).toBe(200);
      await expect.poll(() => smtp.mailsTo(email).length, { timeout: 5_000, interval: 50 }).toBe(2);
      const mail = smtp.mailsTo(email)[1]!;
      expect(mail.raw).toMatch(/^Subject: Reset your/m);
      expect(mail.at - asked).toBeLessThan(5_000);
      // The conversions were still waiting: the mail did not wait for them.
      expect(await unconverted()).toBeGreaterThanOrEqual(40);
    } finally {
      await sql.end();
    }
  }, 120_000);
});
