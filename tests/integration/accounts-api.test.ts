import { describe, expect, it } from "vitest";
import { createUser } from "~/accounts/users.server";
import { action as addEmailApi } from "~/routes/api.add-email";
import { action as changeEmailApi } from "~/routes/api.change-email";
import { action as login } from "~/routes/api.login";
import { action as logout } from "~/routes/api.logout";
import { action as register } from "~/routes/api.register";
import { loader as apiUser } from "~/routes/api.user";
import { call, cookieFrom, get, jsonPost, randomIp } from "../support/routes";
import { uniqueName } from "./helpers/accounts";

const PASSWORD = "Secret123!";

async function registerVia(body: Record<string, unknown>, ip = randomIp()) {
  return call(register, jsonPost("/api/register", body), { ip });
}

describe("POST /api/register: every rule and message of the spec", () => {
  const email = "someone@example.test";
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["short username", { username: "ab1", email, password: PASSWORD }, "Username must be at least 6 characters"],
    [
      "long username",
      { username: "a".repeat(21), email, password: PASSWORD },
      "Username must be no more than 20 characters",
    ],
    [
      "bad characters",
      { username: "bad name!", email, password: PASSWORD },
      "Username can only contain letters, numbers, underscores, and hyphens",
    ],
    ["no letter", { username: "1234567", email, password: PASSWORD }, "Username must contain at least one letter"],
    [
      "reserved term",
      { username: "TheAdmin7", email, password: PASSWORD },
      "Username contains inappropriate or reserved terms",
    ],
    [
      "reserved inside",
      { username: "xNuLLx99", email, password: PASSWORD },
      "Username contains inappropriate or reserved terms",
    ],
    [
      "short password",
      { username: uniqueName(), email, password: "abc12" },
      "Password must be 8-16 characters with letters, numbers, and optional symbols",
    ],
    [
      "long password",
      { username: uniqueName(), email, password: "abcdefgh123456789" },
      "Password must be 8-16 characters with letters, numbers, and optional symbols",
    ],
    [
      "symbol outside the set",
      { username: uniqueName(), email, password: "abcd1234~" },
      "Password must be 8-16 characters with letters, numbers, and optional symbols",
    ],
    [
      "invalid email",
      { username: uniqueName(), email: "not-an-email", password: PASSWORD },
      "Please enter a valid email address",
    ],
    ["missing email", { username: uniqueName(), password: PASSWORD }, "Please enter a valid email address"],
    [
      "password equals username",
      { username: "sameAs123", email, password: "sameAs123" },
      "Password cannot be the same as your username",
    ],
  ];
  for (const [name, body, message] of cases) {
    it(`refuses ${name} with 400 and the spec's message`, async () => {
      const answer = await registerVia(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: message });
    });
  }

  it("accepts symbols from the set and answers the user without secrets, signed in", async () => {
    const username = uniqueName("new");
    const answer = await registerVia({ username, email: `${username}@example.test`, password: "a1!@#$%^&*()_+-=" });
    expect(answer.status).toBe(201);
    expect(answer.body.user).toMatchObject({ username, email: `${username}@example.test`, isEmailVerified: false });
    expect(answer.body.requiresEmailVerification).toBe(false);
    expect(JSON.stringify(answer.body)).not.toMatch(/password|token|scrypt/i);
    const me = await call(apiUser, get("/api/user", cookieFrom(answer.headers)));
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe(username);
  });

  it("treats usernames case-insensitively: a duplicate in other case is refused", async () => {
    const username = uniqueName("Dup");
    expect((await registerVia({ username, email: "a@example.test", password: PASSWORD })).status).toBe(201);
    const again = await registerVia({ username: username.toUpperCase(), email: "b@example.test", password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "This username is already taken. Please choose another." });
  });

  it("settles two simultaneous registrations of one name: one wins, the other gets a clear 409", async () => {
    const username = uniqueName("race");
    const answers = await Promise.all(
      [username, username.toUpperCase(), username].map((name, i) =>
        registerVia({ username: name, email: `r${i}@example.test`, password: PASSWORD }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it("limits registrations per IP (10 an hour) with 429", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await registerVia({ username: "x", email, password: PASSWORD }, ip)).status);
    // Invalid bodies do not count; valid ones do.
    expect(statuses.every((s) => s === 400)).toBe(true);
    for (let i = 0; i < 10; i++) {
      const name = uniqueName("lim");
      expect((await registerVia({ username: name, email, password: PASSWORD }, ip)).status).toBe(201);
    }
    const limited = await registerVia({ username: uniqueName("lim"), email, password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many requests\. Please wait \d+ (seconds|minutes) and try again\.$/);
  });
});

describe("POST /api/login, GET /api/user, POST /api/logout", () => {
  it("signs in by username or e-mail, with a fresh session; refuses wrong passwords with the same message", async () => {
    const username = uniqueName("login");
    const email = `${username}@example.test`;
    await createUser({ username, email, password: PASSWORD });

    const byName = await call(login, jsonPost("/api/login", { username: username.toUpperCase(), password: PASSWORD }));
    expect(byName.status).toBe(200);
    expect(byName.body.user).toMatchObject({ username, email });
    expect(JSON.stringify(byName.body)).not.toMatch(/hash|token/i);
    const cookie = cookieFrom(byName.headers);
    expect(byName.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(byName.headers.getSetCookie()[0]).toMatch(/SameSite=Lax/i);

    const byEmail = await call(login, jsonPost("/api/login", { username: email, password: PASSWORD }));
    expect(byEmail.status).toBe(200);
    expect(cookieFrom(byEmail.headers)).not.toBe(cookie);

    const wrong = await call(login, jsonPost("/api/login", { username, password: "Wrong1234" }));
    expect(wrong).toMatchObject({ status: 401, body: { error: "Invalid username or password" } });
    const nobody = await call(login, jsonPost("/api/login", { username: uniqueName("ghost"), password: PASSWORD }));
    expect(nobody).toMatchObject({ status: 401, body: { error: "Invalid username or password" } });

    const me = await call(apiUser, get("/api/user", cookie));
    expect(me.body.user.username).toBe(username);
    const out = await call(logout, jsonPost("/api/logout", {}, cookie));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    const after = await call(apiUser, get("/api/user", cookieFrom(out.headers)));
    expect(after.status).toBe(401);
  });

  it("answers 401 on /api/user without a session", async () => {
    const answer = await call(apiUser, get("/api/user"));
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBeTruthy();
  });

  it("validates the login fields with the username rule", async () => {
    const answer = await call(login, jsonPost("/api/login", { username: "ab", password: PASSWORD }));
    expect(answer).toMatchObject({ status: 400, body: { error: "Username must be at least 6 characters" } });
    const short = await call(login, jsonPost("/api/login", { username: "someone1", password: "short" }));
    expect(short.status).toBe(400);
  });

  it("locks an account after 5 failures in 15 minutes from one address, even with the right password; not from another (decision 294)", async () => {
    const username = uniqueName("lock");
    await createUser({ username, email: null, password: PASSWORD });
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await call(login, jsonPost("/api/login", { username, password: `Wrong${i}xyz` }), { ip });
      expect(wrong.status).toBe(401);
    }
    const locked = await call(login, jsonPost("/api/login", { username, password: PASSWORD }), { ip });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many requests/);
    // the account's owner, elsewhere, is not locked out by a stranger's tries
    const owner = await call(login, jsonPost("/api/login", { username, password: PASSWORD }), { ip: randomIp() });
    expect(owner.status).toBe(200);
  });

  it("answers 400 (not 500) on a malformed body", async () => {
    const request = jsonPost("/api/login", "{nope");
    expect((await call(login, request)).status).toBe(400);
  });
});

describe("POST /api/add-email and /api/change-email", () => {
  async function signedIn(email: string | null) {
    const username = uniqueName("mail");
    const user = await createUser({ username, email, password: PASSWORD, isEmailVerified: !!email });
    const answer = await call(login, jsonPost("/api/login", { username, password: PASSWORD }));
    return { user, username, cookie: cookieFrom(answer.headers) };
  }

  it("adds an address to an account without one (unverified), and refuses a second add", async () => {
    const { cookie, username } = await signedIn(null);
    const bad = await call(addEmailApi, jsonPost("/api/add-email", { email: "nope" }, cookie));
    expect(bad).toMatchObject({ status: 400, body: { error: "Please enter a valid email address" } });
    const ok = await call(addEmailApi, jsonPost("/api/add-email", { email: `${username}@example.test` }, cookie));
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: `${username}@example.test`, isEmailVerified: false });
    const again = await call(addEmailApi, jsonPost("/api/add-email", { email: `x${username}@example.test` }, cookie));
    expect(again.status).toBe(409);
  });

  it("needs a session", async () => {
    expect((await call(addEmailApi, jsonPost("/api/add-email", { email: "a@b.co" }))).status).toBe(401);
    expect(
      (await call(changeEmailApi, jsonPost("/api/change-email", { newEmail: "a@b.co", currentPassword: "x" }))).status,
    ).toBe(401);
  });

  it("changes the address only with the current password, and resets verification", async () => {
    const { cookie, username } = await signedIn("old@example.test");
    const noAt = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail: "nope", currentPassword: PASSWORD }, cookie),
    );
    expect(noAt).toMatchObject({ status: 400, body: { error: "Please enter a valid email address." } });
    const blank = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail: "n@example.test", currentPassword: "   " }, cookie),
    );
    expect(blank).toMatchObject({
      status: 400,
      body: { error: "Please enter your current password to change your email." },
    });
    const wrong = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail: "n@example.test", currentPassword: "Wrong123" }, cookie),
    );
    expect(wrong).toMatchObject({ status: 400, body: { error: "Your current password is incorrect." } });
    const ok = await call(
      changeEmailApi,
      jsonPost("/api/change-email", { newEmail: `${username}@new.example.test`, currentPassword: PASSWORD }, cookie),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toMatch(/^Your email address has been updated successfully\./);
    expect(ok.body.user).toMatchObject({ email: `${username}@new.example.test`, isEmailVerified: false });
  });
});
