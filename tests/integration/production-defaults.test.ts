import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { cookiesOf, mailsTo, send } from "./edge-client";

/**
 * `npm start` with no configuration at all (decision 080): production mode, the embedded PostgreSQL in DATA_DIR,
 * secrets generated once into DATA_DIR with mode 0600, PUBLIC_URL http://localhost:$PORT, no development pages;
 * and the site works end to end. `npm run dev` (NODE_ENV=development) shows the outbox to loopback only.
 */
const NO_CONFIGURATION = {
  NODE_ENV: undefined,
  DATABASE_URL: undefined,
  SESSION_SECRET: undefined,
  IP_HASH_SECRET: undefined,
  TOTP_SECRET_KEY: undefined,
  PUBLIC_URL: undefined,
  ADMIN_API_TOKEN: undefined,
  SMTP_URL: undefined,
  RUN_JOBS: undefined,
  LOG_REQUESTS: undefined,
  SEED_DEMO_CONTENT: undefined,
};
const cleanup: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

async function dataDirectory() {
  const dir = await mkdtemp(path.join(tmpdir(), "defaults-"));
  await chmod(dir, 0o755); // the embedded PostgreSQL runs as its own user and must enter it
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe("npm start with no configuration", () => {
  it("serves production on the embedded database, keeps generated secrets private, and works end to end", async () => {
    expect(existsSync(path.resolve(import.meta.dirname, "../../build/index.js")), "run `npm run build` first").toBe(
      true,
    );
    const dataDir = await dataDirectory();
    // A first start creates the database cluster (initdb) and migrates it: give it time on a loaded machine.
    let server = await startAppServer({ ...NO_CONFIGURATION, DATA_DIR: dataDir }, { startTimeoutMs: 120_000 });
    cleanup.push(() => server.stop());
    const origin = `http://localhost:${server.port}`; // the default PUBLIC_URL

    for (const name of ["session-secret", "ip-hash-secret", "totp-secret-key"]) {
      expect(((await stat(path.join(dataDir, name))).mode & 0o777).toString(8), name).toBe("600");
    }
    expect((await send(server.base, "/dev/outbox")).status).toBe(404);
    const home = await send(server.base, "/");
    expect(home.status).toBe(200);
    // plain http (the default PUBLIC_URL): no Secure cookie, or text browsers drop them (decision 130)
    expect(String(home.headers["set-cookie"])).not.toMatch(/; Secure/i);

    // A stack, a path or SQL never reaches the visitor.
    const wrongType = await send(server.base, "/auth", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: origin },
      body: "x",
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.text).not.toMatch(/node_modules|\bat \w+ \(|\/work\//);

    // Sign up, post, sign out, reset the password from the outbox mail, sign in with the new one.
    const name = `dflt_${Math.random().toString(36).slice(2, 9)}`;
    const email = `${name}@example.test`;
    const formPost = (pathname: string, fields: Record<string, string>, cookie = "") =>
      send(server.base, pathname, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });
    const registered = await formPost("/auth", { intent: "register", username: name, email, password: "Tr1cky-Pass!" });
    expect(registered.status).toBe(302);
    const cookie = cookiesOf(registered);
    expect(cookie).toContain("__session=");
    const topic = await formPost("/forum", { intent: "create-topic", title: "A topic on a fresh install" }, cookie);
    expect(topic.status).toBe(302);
    expect((await send(server.base, String(topic.headers.location))).text).toContain("A topic on a fresh install");
    expect((await formPost("/logout", {}, cookie)).status).toBe(302);

    expect((await formPost("/auth", { intent: "forgot-password", method: "email", email })).status).toBe(302);
    // The sign-up's verification mail came first; the reset mail is the second.
    const mails = await mailsTo(dataDir, email, 2);
    const link = mails
      .map((m) => m.text.match(/http:\/\/localhost:\d+\/reset-password\?token=[\w%-]+/)?.[0])
      .find(Boolean);
    expect(link, mails.map((m) => m.text).join("\n---\n")).toBeDefined();
    expect(link!.startsWith(`${origin}/`)).toBe(true);
    const token = new URL(link!).searchParams.get("token")!;
    const reset = await formPost(`/reset-password?token=${encodeURIComponent(token)}`, {
      token,
      password: "N3w-Tricky-Pass!",
      confirmPassword: "N3w-Tricky-Pass!",
    });
    expect(reset.status).toBe(302);
    const signedIn = await formPost("/auth", { intent: "login", username: name, password: "N3w-Tricky-Pass!" });
    expect(signedIn.status).toBe(302);
    const session = cookiesOf(signedIn);

    // The secrets were generated once: after a restart the same session cookie still signs the member in.
    await server.stop();
    server = await startAppServer({ ...NO_CONFIGURATION, DATA_DIR: dataDir }, { startTimeoutMs: 120_000 });
    const user = await send(server.base, "/api/user", { headers: { Cookie: session } });
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({ user: { username: name } });
  }, 300_000);
});

describe("npm run dev", () => {
  it("shows the outbox to this machine only", async () => {
    const server = await startAppServer(
      { NODE_ENV: "development", DATA_DIR: await dataDirectory() },
      { startTimeoutMs: 90_000 },
    );
    cleanup.push(() => server.stop());
    const local = await send(server.base, "/dev/outbox");
    expect(local.status).toBe(200);
    expect(local.text).toContain("Outbox (development)");
    const proxied = await send(server.base, "/dev/outbox", { headers: { "X-Forwarded-For": "203.0.113.5" } });
    expect(proxied.status).toBe(404);
  }, 120_000);
});
