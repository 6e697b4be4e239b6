import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEnrolment, pendingEnrolment, startEnrolment } from "~/accounts/two-factor.server";
import { COOKIES } from "~/utils/cookies";
import { startAppServer } from "../../scripts/app-server";
import { send, type Answer } from "./edge-client";
import { member } from "./forum-helpers";

/**
 * Decision 130: every cookie the site sets carries `Secure` (and the session cookie the `__Host-` prefix) only when
 * the public origin (PUBLIC_URL) is https. Over plain http, the default http://localhost:$PORT, a Secure cookie is
 * one that lynx, w3m and other clients keep for https only. Each server answers the requests that set each cookie
 * of the registry; the test fails when one was not seen, so it keeps covering the whole registry.
 */
const PASSWORD = "Passw0rd!x";

async function everyCookie(base: string, origin: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>(); // name → its Set-Cookie line
  const note = (answer: Answer) => {
    for (const line of [answer.headers["set-cookie"] ?? []].flat()) seen.set(line.split("=")[0]!, line);
    return answer;
  };
  const form = (pathname: string, fields: Record<string, string>, cookie = "") =>
    send(base, pathname, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    }).then(note);

  note(await send(base, "/"));
  note(await send(base, "/astrology?tab=horoscope"));
  note(await send(base, "/octahedron?from=palindrome"));
  await form("/auth", { intent: "forgot-password", email: "nobody-here@example.test" });
  const someone = await member({ email: null });
  const signedIn = await form("/auth", { intent: "login", username: someone.username, password: PASSWORD });
  expect(signedIn.status).toBe(302);
  const sessionName = [...seen.keys()].find((name) => name.endsWith("session"))!;
  const session = seen.get(sessionName)!.split(";")[0]!;
  await form("/forum?index", { intent: "dismiss-email-prompt", redirectTo: "/forum" }, session);
  await form("/logout", { intent: "sign-out" }, session);
  // an admin with a second factor (decision 210): the password step sets the pending sign-in's cookie
  const staff = await member({ admin: true, email: null, secondFactor: false });
  await startEnrolment(staff.id);
  const enrolment = await pendingEnrolment(staff);
  expect(await confirmEnrolment({ user: staff, code: await generate({ secret: enrolment!.secret }) })).toMatchObject({
    ok: true,
  });
  const passwordStep = await form("/auth", { intent: "login", username: staff.username, password: PASSWORD });
  expect(passwordStep.status).toBe(302);
  return seen;
}

const attributes = (line: string) =>
  line
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0]!.toLowerCase());

describe("over plain http (the default PUBLIC_URL)", () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    server = await startAppServer({ PUBLIC_URL: undefined });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sets every cookie of the registry without Secure, the session cookie without __Host-", async () => {
    const seen = await everyCookie(server.base, server.base);
    expect([...seen.keys()].sort()).toEqual(
      Object.values(COOKIES)
        .map((c) => c.name)
        .sort(),
    );
    for (const [name, line] of seen) expect(attributes(line), name).not.toContain("secure");
    expect(seen.get("__session")).toMatch(/; HttpOnly/i);
  });
});

describe("over https (PUBLIC_URL https)", () => {
  const origin = "https://members.example.test";
  let server: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    server = await startAppServer({ PUBLIC_URL: origin });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sets every cookie of the registry Secure, the session cookie as __Host-session", async () => {
    const seen = await everyCookie(server.base, origin);
    const expected = Object.values(COOKIES).map((c) => ("nameOverHttps" in c ? c.nameOverHttps : c.name));
    expect([...seen.keys()].sort()).toEqual(expected.sort());
    for (const [name, line] of seen) expect(attributes(line), name).toContain("secure");
    expect(seen.get("__Host-session")).toMatch(/; Path=\/(;|$)/);
    expect(seen.get("__Host-session")).not.toMatch(/; Domain=/i);
  });
});
