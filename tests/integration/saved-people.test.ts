import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { savedPeople, users } from "#db/schema";
import { createUser } from "~/accounts/users.server";
import { PEOPLE_LIMIT } from "~/astrology/saved-people.server";
import { action as login } from "~/routes/api.login";
import { loader as compatibilityLoader } from "~/routes/compatibility";
import { action as peopleAction, loader as peopleLoader } from "~/routes/user-profile_.people";
import { call, cookieFrom, formPost, get, jsonPost } from "../support/routes";
import { uniqueName } from "./helpers/accounts";

/**
 * Issue 45: a member keeps other people's births privately (kept from the compatibility page, listed on
 * /user-profile/people, deleted one by one and with the account) and chooses them on the compatibility form.
 */
const PASSWORD = "Secret123!";
const ULM = 2820256;
const BUENOS_AIRES = 3435910;

async function member(): Promise<{ id: number; cookie: string }> {
  const username = uniqueName("people");
  const user = await createUser({
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
    isEmailVerified: true,
  });
  const answer = await call(login, jsonPost("/api/login", { username, password: PASSWORD }));
  expect(answer.status).toBe(200);
  return { id: user.id, cookie: cookieFrom(answer.headers) };
}

const keep = (fields: Record<string, string>, cookie?: string) =>
  call(peopleAction, formPost("/user-profile/people", { intent: "add-person", ...fields }, cookie));

describe("people a member keeps", () => {
  it("are kept for the member alone, chosen on the compatibility form, and deleted on request", async () => {
    const alice = await member();
    const bob = await member();
    const kept = await keep(
      { name: "Jorge Luis", date: "1975-02-10", time: "09:15", place: String(BUENOS_AIRES), fold: "" },
      alice.cookie,
    );
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe("/user-profile/people");
    const rows = await db.select().from(savedPeople).where(eq(savedPeople.userId, alice.id));
    expect(rows).toEqual([
      expect.objectContaining({
        name: "Jorge Luis",
        birthDate: "1975-02-10",
        birthTime: "09:15",
        placeId: BUENOS_AIRES,
        fold: null,
      }),
    ]);
    const id = rows[0]!.id;

    const page = await call(peopleLoader, get("/user-profile/people", alice.cookie));
    expect(page.body.people).toEqual([
      { id, name: "Jorge Luis", summary: "born 1975-02-10 at 09:15 in Buenos Aires, Argentina (region 07)" },
    ]);
    expect((await call(peopleLoader, get("/user-profile/people", bob.cookie))).body.people).toEqual([]);

    // chosen on the form: the address gets the person's birth, and the comparison is cast from it
    const chosen = await call(
      compatibilityLoader,
      get(
        `/compatibility?a_name=Anna&a_date=1879-03-14&a_time=11%3A30&a_q=Ulm&a_place=${ULM}&a_person=&b_person=${id}`,
        alice.cookie,
      ),
    );
    expect(chosen.status).toBe(302);
    const to = new URL(chosen.headers.get("Location")!, "http://x");
    expect(to.pathname).toBe("/compatibility");
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      a_name: "Anna",
      b_name: "Jorge Luis",
      b_date: "1975-02-10",
      b_time: "09:15",
      b_q: "Buenos Aires",
      b_place: String(BUENOS_AIRES),
    });
    expect(to.searchParams.has("b_person")).toBe(false);
    const result = await call(compatibilityLoader, get(`${to.pathname}${to.search}`, alice.cookie));
    expect(result.status).toBe(200);
    expect(result.body.page.state).toBe("result");
    expect(result.body.page.synastry.b.label).toBe("Jorge");
    expect(result.body.people).toHaveLength(1);

    // another member cannot choose it, nor delete it; a visitor is sent to sign in
    const notBobs = await call(compatibilityLoader, get(`/compatibility?b_person=${id}`, bob.cookie));
    expect(notBobs.status).toBe(404);
    const visitor = await call(compatibilityLoader, get(`/compatibility?b_person=${id}`));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    await call(peopleAction, formPost("/user-profile/people", { intent: "delete-person", id: String(id) }, bob.cookie));
    expect(await db.select().from(savedPeople).where(eq(savedPeople.id, id))).toHaveLength(1);

    const deleted = await call(
      peopleAction,
      formPost("/user-profile/people", { intent: "delete-person", id: String(id) }, alice.cookie),
    );
    expect(deleted.status).toBe(302);
    expect(await db.select().from(savedPeople).where(eq(savedPeople.id, id))).toEqual([]);
  });

  it("refuses what cannot be cast, a missing name and more than the limit; a visitor is sent to sign in", async () => {
    const carol = await member();
    const ambiguous = await keep({ name: "Lee", date: "1990-10-28", time: "01:30", place: "2643743" }, carol.cookie);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toBe("Choose which of the two clock times it was before keeping it.");
    const nameless = await keep({ name: " ", date: "1975-02-10", place: String(BUENOS_AIRES) }, carol.cookie);
    expect(nameless.status).toBe(400);
    expect(nameless.body.error).toBe("Give the person a name.");
    expect(await db.select().from(savedPeople).where(eq(savedPeople.userId, carol.id))).toEqual([]);

    await db.insert(savedPeople).values(
      Array.from({ length: PEOPLE_LIMIT }, (_, i) => ({
        userId: carol.id,
        name: `P${i}`,
        birthDate: "1975-02-10",
        placeId: BUENOS_AIRES,
      })),
    );
    const over = await keep({ name: "One more", date: "1975-02-10", place: String(BUENOS_AIRES) }, carol.cookie);
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/up to 50 people/);
    expect(await db.select().from(savedPeople).where(eq(savedPeople.userId, carol.id))).toHaveLength(PEOPLE_LIMIT);

    const back = `/compatibility?b_name=Jorge&b_date=1975-02-10&b_place=${BUENOS_AIRES}`;
    const signedOut = await keep({ name: "Jorge", date: "1975-02-10", place: String(BUENOS_AIRES), back });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);
  });

  it("go with the account", async () => {
    const dave = await member();
    await keep({ name: "Someone", date: "1975-02-10", place: String(BUENOS_AIRES) }, dave.cookie);
    expect(await db.select().from(savedPeople).where(eq(savedPeople.userId, dave.id))).toHaveLength(1);
    await db.delete(users).where(eq(users.id, dave.id));
    expect(await db.select().from(savedPeople).where(eq(savedPeople.userId, dave.id))).toEqual([]);
  });
});
