import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, cookieFrom, formPost, jsonPost, randomIp } from "../support/routes";
import { linkIn, outboxFor, tokenOf, uniqueName, useOwnDatabase } from "./helpers/accounts";

/**
 * Decision 295: a verified address belongs to one account. Registration or a change to an address another account
 * verified answers as any other does and mails that address a notice without a link; a link issued before the other
 * account verified no longer verifies; sign-in and recovery by address take the verified account; the migration
 * settles earlier duplicates (the earliest verified account keeps its address). A database of this file's own: the
 * migration's test drops and restores the index.
 */
const PASSWORD = "Secret123!x";

let app: {
  db: typeof import("#db/client.server").db;
  rawSql: typeof import("#db/client.server").rawSql;
  users: typeof import("#db/schema").users;
  createUser: typeof import("~/accounts/users.server").createUser;
  register: typeof import("~/routes/api.register").action;
  changeEmail: typeof import("~/routes/api.change-email").action;
  login: typeof import("~/routes/api.login").action;
  forgot: typeof import("~/routes/api.forgot-password").action;
  forgotByUsername: typeof import("~/routes/api.forgot-password-by-username").action;
  resetApi: typeof import("~/routes/api.reset-password").action;
  verify: typeof import("~/routes/verify-email").action;
};

beforeAll(async () => {
  await useOwnDatabase("test_verified_email_unique");
  const client = await import("#db/client.server");
  app = {
    db: client.db,
    rawSql: client.rawSql,
    users: (await import("#db/schema")).users,
    createUser: (await import("~/accounts/users.server")).createUser,
    register: (await import("~/routes/api.register")).action,
    changeEmail: (await import("~/routes/api.change-email")).action,
    login: (await import("~/routes/api.login")).action,
    forgot: (await import("~/routes/api.forgot-password")).action,
    forgotByUsername: (await import("~/routes/api.forgot-password-by-username")).action,
    resetApi: (await import("~/routes/api.reset-password")).action,
    verify: (await import("~/routes/verify-email")).action,
  };
});

async function verifiedOf(...ids: number[]) {
  const rows = await app.db
    .select({ id: app.users.id, verified: app.users.isEmailVerified })
    .from(app.users)
    .where(inArray(app.users.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.verified]));
}

const confirm = (link: string) => {
  const url = new URL(link);
  return call(app.verify, formPost(url.pathname + url.search, { intent: "verify" }));
};

describe("a verified address belongs to one account", () => {
  it("registration with an address another account verified answers as usual; the address gets a notice, no link", async () => {
    const address = `${uniqueName("owner")}@example.test`;
    const owner = await app.createUser({ username: uniqueName("owner"), email: address, password: PASSWORD });
    await app.db.update(app.users).set({ isEmailVerified: true }).where(eq(app.users.id, owner.id));

    const freeName = uniqueName("free");
    const free = await call(
      app.register,
      jsonPost("/api/register", { username: freeName, email: `${freeName}@example.test`, password: PASSWORD }),
    );
    const squatterName = uniqueName("squat");
    const squatter = await call(
      app.register,
      jsonPost("/api/register", { username: squatterName, email: address.toUpperCase(), password: PASSWORD }),
    );
    // The same answer as for a free address (status and shape; only the member's own name and address differ).
    expect(squatter.status).toBe(free.status);
    expect(Object.keys(squatter.body).sort()).toEqual(Object.keys(free.body).sort());
    expect(JSON.stringify(squatter.body)).not.toContain(owner.username);

    const mails = await outboxFor(address.toUpperCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/already confirmed/);
    expect(mails[0]!.text).not.toContain("/verify-email");
    expect(mails[0]!.text).not.toContain(owner.username);
    expect(mails[0]!.text).not.toContain(squatterName);
    // The free address got its link as always.
    expect(linkIn((await outboxFor(`${freeName}@example.test`))[0]!.text, "/verify-email")).toBeTruthy();
  });

  it("a change to that address answers as usual; a link issued before the owner verified answers 'taken'", async () => {
    const address = `${uniqueName("race")}@example.test`;
    const first = await app.createUser({ username: uniqueName("first"), email: null, password: PASSWORD });
    const second = await app.createUser({ username: uniqueName("second"), email: null, password: PASSWORD });
    const cookieOf = async (username: string) =>
      cookieFrom((await call(app.login, jsonPost("/api/login", { username, password: PASSWORD }))).headers);
    const [firstCookie, secondCookie] = [await cookieOf(first.username), await cookieOf(second.username)];
    for (const cookie of [firstCookie, secondCookie]) {
      const changed = await call(
        app.changeEmail,
        jsonPost("/api/change-email", { newEmail: address, currentPassword: PASSWORD }, cookie),
      );
      expect(changed.status).toBe(200);
    }
    // Both links went out (neither address was verified yet); the first account confirms.
    const links = (await outboxFor(address)).map((mail) => linkIn(mail.text, "/verify-email"));
    expect(links).toHaveLength(2);
    const tokens = await app.db
      .select({ id: app.users.id, token: app.users.emailVerificationToken })
      .from(app.users)
      .where(inArray(app.users.id, [first.id, second.id]));
    expect(tokens.every((t) => t.token)).toBe(true);
    const { hashToken } = await import("~/accounts/tokens.server");
    const linkOf = (id: number) =>
      links.find((link) => hashToken(tokenOf(link)) === tokens.find((t) => t.id === id)!.token)!;
    expect((await confirm(linkOf(first.id))).body.result).toBe("verified");
    const late = await confirm(linkOf(second.id));
    expect(late).toMatchObject({ status: 400, body: { result: "taken" } });
    expect(await verifiedOf(first.id, second.id)).toEqual({ [first.id]: true, [second.id]: false });

    // A later change of the second account to that address mails a notice, not a link.
    const third = await app.createUser({ username: uniqueName("third"), email: null, password: PASSWORD });
    const changed = await call(
      app.changeEmail,
      jsonPost("/api/change-email", { newEmail: address, currentPassword: PASSWORD }, await cookieOf(third.username)),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toContain("We've sent a verification link");
    const last = (await outboxFor(address)).at(-1)!;
    expect(last.subject).toMatch(/already confirmed/);
    expect(last.text).not.toContain("/verify-email");
  });

  it("the database refuses a second verified account for an address, whatever its case", async () => {
    const address = `${uniqueName("dup")}@example.test`;
    const a = await app.createUser({ username: uniqueName("a"), email: address, password: PASSWORD });
    await app.db.update(app.users).set({ isEmailVerified: true }).where(eq(app.users.id, a.id));
    await expect(
      app.createUser({
        username: uniqueName("b"),
        email: address.toUpperCase(),
        password: PASSWORD,
        isEmailVerified: true,
      }),
    ).rejects.toThrow();
  });

  it("sign-in and recovery by address take the verified account only; a reset by username verifies no taken address", async () => {
    const address = `${uniqueName("login")}@example.test`;
    const squatter = await app.createUser({ username: uniqueName("early"), email: address, password: "Squat999!x" });
    const owner = await app.createUser({ username: uniqueName("owner"), email: address, password: PASSWORD });
    await app.db.update(app.users).set({ isEmailVerified: true }).where(eq(app.users.id, owner.id));

    const bySquatter = await call(app.login, jsonPost("/api/login", { username: address, password: "Squat999!x" }));
    expect(bySquatter.status).toBe(401);
    const byOwner = await call(app.login, jsonPost("/api/login", { username: address, password: PASSWORD }));
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.user.username).toBe(owner.username);

    expect((await call(app.forgot, jsonPost("/api/forgot-password", { email: address }))).status).toBe(200);
    const resets = (await outboxFor(address)).filter((m) => /Reset your/.test(m.subject));
    expect(resets).toHaveLength(1);
    expect(resets[0]!.text).toContain(owner.username);

    // The squatter resets by username: the mail goes to the address (its reader owns it), and the reset does not
    // make the squatter's copy of the address verified (it used to, beside the owner's).
    const ip = randomIp();
    const asked = await call(
      app.forgotByUsername,
      jsonPost("/api/forgot-password-by-username", { username: squatter.username }),
      { ip },
    );
    expect(asked.status).toBe(200);
    const link = (await outboxFor(address)).filter((m) => m.text.includes(squatter.username)).at(-1)!;
    const reset = await call(
      app.resetApi,
      jsonPost("/api/reset-password", {
        token: tokenOf(linkIn(link.text, "/reset-password")),
        password: "NewPass777!",
      }),
    );
    expect(reset.status).toBe(200);
    expect(await verifiedOf(squatter.id, owner.id)).toEqual({ [squatter.id]: false, [owner.id]: true });
  });
});

describe("migration 0014 settles earlier duplicates before 0015's unique index", () => {
  it("the earliest verified account keeps the address; the later ones become unverified", async () => {
    const migrations = path.resolve(import.meta.dirname, "../../db/migrations");
    const settle = await readFile(path.join(migrations, "0014_settle_verified_email_duplicates.sql"), "utf8");
    const index = await readFile(path.join(migrations, "0015_unique_verified_email.sql"), "utf8");
    const sql = app.rawSql();
    await sql.unsafe(`drop index "users_verified_email_idx"`);
    const address = `${uniqueName("old")}@example.test`;
    const made = [];
    for (const email of [address, address.toUpperCase(), ` ${address}`.trim(), `other.${address}`]) {
      made.push(await app.createUser({ username: uniqueName("old"), email, password: PASSWORD }));
    }
    const unverifiedOne = await app.createUser({ username: uniqueName("old"), email: address, password: PASSWORD });
    await app.db
      .update(app.users)
      .set({ isEmailVerified: true })
      .where(inArray(app.users.id, [...made.map((u) => u.id)]));
    await sql.unsafe(settle);
    await sql.unsafe(index);
    const [earliest, second, third, other] = made.map((u) => u.id) as [number, number, number, number];
    expect(await verifiedOf(earliest, second, third, other, unverifiedOne.id)).toEqual({
      [earliest]: true,
      [second]: false,
      [third]: false,
      [other]: true,
      [unverifiedOne.id]: false,
    });
    // Every address stays where it was.
    const [row] = await app.db.select({ email: app.users.email }).from(app.users).where(eq(app.users.id, second));
    expect(row!.email).toBe(address.toUpperCase());
  });
});
