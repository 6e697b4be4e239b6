import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Route } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { cubeObj } from "../fixtures/models3d/cubes";
import { arrive, formatTranscript, heardAfter, startOrca, tabTo, tabUntil, type OrcaSession } from "../support/orca";
import { useOwnDatabase } from "./helpers/accounts";

/**
 * The member flows by keyboard alone with a real screen reader listening (issue 47, decision 330): Orca reading
 * Chromium (JavaScript on) through the AT-SPI bus, on the production build, with a database and a data folder of
 * this file's own. Each step presses keys as a blind member does and asserts what Orca said: the page's title and
 * main heading on arrival, each field's label, role and state as Tab reaches it, the switch between browse and focus
 * mode, and each error and result spoken without the member moving. One Orca session serves every flow (a session
 * takes 15-30 s to start). A failed step's message holds what Orca said during it.
 */
const SITE = "Numerology Ontology";
const PASSWORD = "orca-pass42"; // no shifted character: see tests/support/orca.ts, type()

let server: Awaited<ReturnType<typeof startAppServer>>;
let dataDir: string;
let orca: OrcaSession;
let member: { id: number; username: string };

beforeAll(async () => {
  await useOwnDatabase("test_orca");
  const { createUser } = await import("~/accounts/users.server");
  member = await createUser({ username: "orca_member", email: "orca_member@example.test", password: PASSWORD });
  dataDir = await mkdtemp(path.join(tmpdir(), "orca-data-"));
  await chmod(dataDir, 0o755);
  server = await startAppServer(
    { DATA_DIR: dataDir, RUN_JOBS: "true", PUBLIC_URL: undefined, FORUM_POST_INTERVAL_SECONDS: "0" },
    { stderr: "inherit" },
  );
  orca = await startOrca();
}, 180_000);

afterAll(async () => {
  if (orca) console.log(`[orca] ${orca.checks} spoken checks`);
  await orca?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const url = (pathname: string) => `${server.base}${pathname}`;

/** The description of the tab shown (Orca 43 says nothing of aria-current). */
const CURRENT_TAB_SAID = /^Current tab\.?$/;

/** How many times each error and result was spoken (each is asserted once: decision 400), printed after the run. */
const repeats: Array<{ step: string; text: string; times: number }> = [];

/**
 * An error or a result: spoken without the member moving, once (decision 400: not by an alert and a focus move and a
 * toast, each in turn), and what Orca said of it is in the failure's message.
 */
async function spokenUnprompted(step: string, pattern: RegExp, since: number, timeout = 30_000) {
  const heard = await orca.step(step, () => heardAfter(orca, pattern, since, { timeout }));
  repeats.push({ step, text: heard[0]!.text, times: heard.length });
  if (heard.length !== 1) {
    const all = await orca.spokenSince(since);
    expect(heard.length, `${step}: ${pattern} spoken once; Orca said:\n${formatTranscript(all)}`).toBe(1);
  }
  return heard;
}

/** How many times Orca said `pattern` since `since`: at most once (a focus move's speech may cut it short). */
async function atMostOnce(step: string, pattern: RegExp, since: number) {
  const heard = (await orca.spokenSince(since)).filter((u) => pattern.test(u.text));
  repeats.push({ step, text: heard[0]?.text ?? String(pattern), times: heard.length });
  expect(heard.length, `${step}: ${pattern} at most once; Orca said:\n${formatTranscript(heard)}`).toBeLessThanOrEqual(
    1,
  );
}

/** Signs the session's browser in as the member (a flow that does not depend on sign-in's). */
async function signInAsMember() {
  const { createUserSession } = await import("~/accounts/session.server");
  const [pair] = (await createUserSession(member.id)).split(";");
  const [name, ...value] = pair!.split("=");
  await orca.page.context().clearCookies();
  await orca.page.context().addCookies([{ name: name!, value: value.join("="), url: server.base }]);
}

async function userNamed(username: string) {
  const { db } = await import("#db/client.server");
  const { users } = await import("#db/schema");
  const { eq } = await import("drizzle-orm");
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.username, username));
  return row;
}

afterAll(() => {
  console.log(
    `[orca] errors and results, times spoken:\n${repeats.map((r) => `  ${r.times}x  ${r.step}: ${r.text}`).join("\n")}`,
  );
});

describe("Orca reads the member flows, by keyboard alone", { timeout: 150_000 }, () => {
  it("signs in: a wrong password's error is spoken where focus lands, then the right password signs in", async () => {
    await orca.step("arrive on /auth", () =>
      arrive(orca, url("/auth"), { title: `Join Our Community | ${SITE}`, heading: "Join Our Community" }),
    );
    await orca.step("Tab to the username field, past the tabs: the shown one said to be current", async () => {
      const signIn = await orca.mark();
      await tabTo(orca, "Sign In link.");
      await orca.waitForSpeech(CURRENT_TAB_SAID, { since: signIn });
      const register = await orca.mark();
      await tabTo(orca, "Register link.");
      await tabTo(orca, "Username or email entry required.", { mode: "Focus mode" });
      expect((await orca.spokenSince(register)).filter((u) => CURRENT_TAB_SAID.test(u.text))).toEqual([]);
    });
    await orca.type(member.username);
    await orca.step("Tab to the password field", () => tabTo(orca, "Password password text."));
    await orca.type("wrong-pass1");
    const wrong = await orca.mark();
    await orca.press("Return");
    // focus moves to the error summary: Orca reads it there, once (the toast is quiet, the summary no alert), and
    // leaves focus mode
    await spokenUnprompted("wrong password", /Invalid username or password/, wrong);
    await orca.step("focus on the summary", async () => {
      await orca.waitForSpeech("Login failed panel.", { since: wrong });
      await orca.waitForSpeech("Invalid username or password.", { since: wrong });
    });
    await orca.step("Tab back to the username, kept", () =>
      tabTo(orca, `Username or email entry ${member.username} selected required.`, { mode: "Focus mode" }),
    );
    await orca.step("Tab to the password field", () => tabTo(orca, /^Password password text/));
    await orca.type(PASSWORD);
    const right = await orca.mark();
    await orca.press("Return");
    // the forum opens with focus on its main heading (the site's focus after a navigation: Orca says it where it
    // said only the page's title before), then the toast
    await orca.step("the forum's heading, focused", () =>
      orca.waitForSpeech(/^Community Forum heading level 1/, { since: right }),
    );
    await spokenUnprompted("signed in", /^You have successfully signed in\.$/, right);
    await spokenUnprompted("signed in, the toast's title", /^Welcome back!$/, right);
    expect(new URL(orca.page.url()).pathname).toBe("/forum");
  });

  it("registers: each field's label, role, state and hint as Tab reaches it, then the welcome", async () => {
    await orca.page.context().clearCookies();
    await orca.step("arrive on the register tab", () =>
      arrive(orca, url("/auth?tab=register"), { title: `Join Our Community | ${SITE}`, heading: "Join Our Community" }),
    );
    // browse mode, line by line from the form's heading: the honeypot (off-screen, for robots) is not read
    await orca.step("read the form's first lines in browse mode", async () => {
      const mark = await orca.mark();
      await tabUntil(orca, "Register heading level 2.", { key: "2", max: 3 });
      await tabUntil(orca, /^Username/, { key: "Down", max: 3 });
      expect(
        (await orca.spokenSince(mark)).filter((u) => /Leave this field empty/.test(u.text)),
        "the honeypot read in browse mode",
      ).toEqual([]);
      await tabUntil(orca, "Join Our Community heading level 1.", { key: "shift+1", max: 2 });
    });
    await orca.step("Tab to the username field, past the tabs: the shown one said to be current", async () => {
      const signIn = await orca.mark();
      await tabTo(orca, "Sign In link.");
      const register = await orca.mark();
      await tabTo(orca, "Register link.");
      await orca.waitForSpeech(CURRENT_TAB_SAID, { since: register });
      expect(
        (await orca.spokenSince(signIn)).slice(0, register - signIn).filter((u) => CURRENT_TAB_SAID.test(u.text)),
      ).toEqual([]);
      const mark = await orca.mark();
      await tabTo(orca, "Username entry required.", { mode: "Focus mode" });
      await orca.waitForSpeech(/^6-20 characters: letters, numbers, underscores and hyphens/, { since: mark });
    });
    await orca.type("orca_newcomer");
    await orca.step("Tab to the e-mail field", () => tabTo(orca, "Email entry required."));
    await orca.type("orca_newcomer@example.test");
    await orca.step("Tab to the password field", async () => {
      const mark = await orca.mark();
      await tabTo(orca, "Password password text.");
      await orca.waitForSpeech(/^8-16 characters with letters and numbers/, { since: mark });
    });
    await orca.type(PASSWORD);
    await orca.step("Tab to the button", () => tabTo(orca, "Create Account push button."));
    const sent = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("registered", /^Your account has been created successfully\.$/, sent, 60_000);
    await orca.step("the forum's heading, focused", () =>
      orca.waitForSpeech(/^Community Forum heading level 1/, { since: sent }),
    );
    await spokenUnprompted("registered, the toast's title", /^Welcome to the community!$/, sent);
    expect(await userNamed("orca_newcomer")).toMatchObject({ email: "orca_newcomer@example.test" });
  });

  it("a reading on the home page: the number buttons, then the reading spoken and focused", async () => {
    await orca.step("arrive on /", () =>
      arrive(orca, url("/"), { title: SITE, heading: "The Ten Universal Principles" }),
    );
    await orca.step("Tab to the keywords and the number buttons", async () => {
      // a page that already shows a reading (a result left from a slow run's earlier key) puts the keywords after the
      // reading, the footer and the browser's own controls: Tab goes round to them
      await tabUntil(orca, "Keywords entry.", { max: 60 });
      await tabTo(orca, "0 Universal Nonseparation push button.", { mode: "Browse mode" });
      await tabUntil(orca, "7 Universal Harmony push button.", { max: 12 });
    });
    // the first generation never reaches the server (the connection drops): 'Connection Lost' takes the focus, said
    // there once (decision 400); the member goes back to the number (Shift+Tab) and asks again. (Its Try Again, which
    // goes away as it is pressed, left Orca silent on the reading's heading: decision 450's leftovers.)
    const drop = (route: Route) =>
      route.request().method() === "POST" && !route.request().url().includes("/api/")
        ? route.abort("internetdisconnected")
        : route.continue();
    await orca.page.route("**/*", drop);
    const lost = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("home reading, the connection lost", /trouble accessing the cosmic wisdom/, lost);
    await orca.step("focus on the failure", () => orca.waitForSpeech("Connection Lost panel.", { since: lost }));
    await orca.page.unroute("**/*", drop);
    await orca.step("Shift+Tab back to 7", () =>
      tabUntil(orca, /^7 Universal Harmony \(chosen\) push button\.$/, { key: "shift+Tab", max: 4 }),
    );
    const go = await orca.mark();
    await orca.press("Return");
    // the result: focus moves to the reading's heading, and Orca reads it
    await spokenUnprompted("home reading, focus on its heading", /^Universal Harmony: .+ heading level 2/, go, 90_000);
    // the status region's words are heard in some runs only (the focus move's speech can cut them): at most once
    await atMostOnce("home reading, the status region", /^Your personalized numerology insights are ready!$/, go);
    // from the heading, Tab reaches the reading's Refresh button, said by its name
    await orca.step("Tab onto Refresh", async () => {
      const mark = await orca.mark();
      await tabTo(orca, "Refresh insights push button.");
      expect((await orca.spokenSince(mark)).filter((u) => /insights are ready/.test(u.text))).toEqual([]);
    });
    expect(new URL(orca.page.url()).searchParams.get("content")).toMatch(/^\d+$/);
  });

  it("an angel number: the fields in order, then the decoded message", async () => {
    await orca.step("arrive on /angel", () =>
      arrive(orca, url("/angel"), { title: `Angel Numbers | ${SITE}`, heading: "Angel Numbers" }),
    );
    await orca.step("Tab through the form", async () => {
      await tabUntil(orca, "Style combo box.");
      await tabTo(orca, "Content Length combo box.");
      await tabTo(orca, "Keywords entry.");
      await tabTo(orca, /^Angel number entry/);
    });
    await orca.type("1111");
    // the first decode never reaches the server (the connection drops): the summary under the form takes the focus
    // and is said there, once (decision 400)
    const drop = (route: Route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.continue();
    await orca.page.route(/\/angel\.data/, drop);
    const dropped = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("angel decode dropped", /Unable to decode angel number\. Please try again\./, dropped);
    await orca.step("focus on the summary", () => orca.waitForSpeech("Connection Error panel.", { since: dropped }));
    await orca.page.unroute(/\/angel\.data/, drop);
    // Shift+Tab from the summary: the button, which decodes the number kept in the field
    await orca.step("Shift+Tab to the button", () =>
      tabTo(orca, "Decode Angel Message push button.", { key: "shift+Tab" }),
    );
    const go = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("angel reading", /^Angel Number Decoded! ✨$/, go, 90_000);
    expect(new URL(orca.page.url()).searchParams.get("reading")).toMatch(/^\d+$/);
  });

  it("a birth date: the format error, then the analysis", async () => {
    await orca.step("arrive on /birth-date", () =>
      arrive(orca, url("/birth-date"), { title: `Birth Date Analysis | ${SITE}`, heading: "Birth Date Analysis" }),
    );
    await orca.step("Tab to the date field", () =>
      tabUntil(orca, "Birth date (MM/DD/YYYY) entry MM/DD/YYYY required."),
    );
    await orca.type("02/30/1990");
    const bad = await orca.mark();
    await orca.press("Return");
    // focus moves to the message (the form's error summary, under the form), which Orca reads there, once
    await spokenUnprompted("impossible date", /Please enter a valid date \(e\.g\., 01\/01\/2011\)/, bad);
    await orca.step("focus on the message", () => orca.waitForSpeech("Invalid Date Format panel.", { since: bad }));
    // Shift+Tab goes back to the button, then the field with what was typed, which says the message as it is reached
    await orca.step("Shift+Tab back to the date field", async () => {
      await tabTo(orca, "Analyze push button.", { key: "shift+Tab" });
      const mark = await orca.mark();
      await tabTo(orca, /^Birth date \(MM\/DD\/YYYY\) entry 02\/30\/1990 selected/, {
        key: "shift+Tab",
        mode: "Focus mode",
      });
      await orca.waitForSpeech("invalid entry.", { since: mark });
      await orca.waitForSpeech(/^Please enter a valid date \(e\.g\., 01\/01\/2011\)/, { since: mark });
    });
    await orca.type("03/15/1990");
    const good = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("birth date analysis", /^Your life path number is 1\.$/, good, 60_000);
    await spokenUnprompted("birth date analysis, the toast's title", /^Analysis Complete$/, good);
  });

  it("a birth chart: the form by keyboard, the missing place's error, the place chosen, then the chart's heading and its words", async () => {
    await orca.step("arrive on /birth-chart", () =>
      arrive(orca, url("/birth-chart"), { title: `Birth Chart | ${SITE}`, heading: "Birth Chart" }),
    );
    await orca.step("Tab to the date field", () => tabUntil(orca, /^Birth date\b/, { max: 10 }));
    // the date field's parts (month, day, year) take digits as typed
    await orca.typeKeys("03141879", () =>
      orca.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value === "1879-03-14"),
    );
    // Enter with no place: the page comes back with the form's error summary focused (its name said), and Orca reads
    // the page on from there as it loads: the message is said once
    const noPlace = await orca.mark();
    await orca.press("Return");
    await orca.step("focus on the summary", () =>
      orca.waitForSpeech("The chart could not be cast yet panel.", { since: noPlace, timeout: 60_000 }),
    );
    await spokenUnprompted(
      "birth chart without a place",
      /Birthplace: Enter the town or city you were born in\./,
      noPlace,
      60_000,
    );
    await orca.step("Tab to the place field, past the summary's link, the date kept and the time", () =>
      tabUntil(orca, /^Birthplace \(town or city\) entry/, { max: 10 }),
    );
    await orca.type("Ulm");
    const search = await orca.mark();
    await orca.press("Return");
    // the page comes back with the places found, the first chosen: Tab to the button that casts the chart
    await orca.step("the places found, and the button", async () => {
      await orca.waitForSpeech(`Finished loading Birth Chart | ${SITE}.`, { since: search, timeout: 30_000 });
      // from the top of the page: the shell's links, the form's fields, then the places
      await tabUntil(orca, /^Ulm, Germany \(region 01\): 48\.40° N, 9\.99° E, Europe\/Berlin\.$/, { max: 60 });
      await tabUntil(orca, "Cast the chart for the chosen place push button.", { max: 6 });
    });
    const cast = await orca.mark();
    await orca.press("Return");
    // the page loads with the chart after the form: the member goes to it by its heading (2: the next of level 2)
    await orca.step("the chart's page loads", () =>
      orca.waitForSpeech(`Finished loading Birth Chart | ${SITE}.`, { since: cast, timeout: 60_000 }),
    );
    await orca.step("2 to the chart's heading", () =>
      tabUntil(orca, "Birth chart: 1879-03-14, time unknown, Ulm heading level 2.", { key: "2", max: 6 }),
    );
    // then, reading on by line, the chart in words starts with the Sun
    await orca.step("the chart in words, its first line", () =>
      tabUntil(orca, /Sun in Pisces, \d+ degrees? \d+ minutes?/, { key: "Down", max: 40 }),
    );
    expect(new URL(orca.page.url()).searchParams.get("place")).toBe("2820256");
  });

  it("a new topic and a reply: the dialog's fields, the outcome, then the reply", async () => {
    // signed in as the member (this flow does not depend on registration's)
    await signInAsMember();
    await orca.step("arrive on /forum", () =>
      arrive(orca, url("/forum"), { title: `Community Forum | ${SITE}`, heading: "Community Forum" }),
    );
    await orca.step("Tab to New Topic", () => tabUntil(orca, /^New Topic/));
    const open = await orca.mark();
    await orca.press("Return");
    // the dialog opens on its first real field (never the honeypot)
    await orca.step("the dialog and its Title field", async () => {
      await orca.waitForSpeech("Create New Topic dialog", { since: open });
      await orca.waitForSpeech("Title entry required.", { since: open });
      await orca.waitForSpeech("Focus mode", { since: open });
    });
    await orca.type("Heard by Orca");
    await orca.step("Tab to the description", () => tabTo(orca, "Description (optional) entry."));
    await orca.type("A topic typed by keyboard alone.");
    await orca.step("Tab to the category and the button", async () => {
      const mark = await orca.mark();
      await tabTo(orca, "Category combo box.");
      await orca.waitForSpeech("General Discussion.", { since: mark });
      await tabTo(orca, "Create Topic push button.");
    });
    const create = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("topic created", /^Your topic has been posted to the forum\.$/, create, 60_000);
    await spokenUnprompted("topic created, the toast's title", /^Topic created!$/, create);
    await orca.step("the topic's heading, focused", () =>
      orca.waitForSpeech(/^Heard by Orca heading level 1/, { since: create }),
    );
    expect(new URL(orca.page.url()).pathname).toMatch(/^\/forum\/topic\/\d+$/);

    await orca.step("Tab to Write a Reply", () => tabUntil(orca, "Write a Reply collapsed push button.", { max: 40 }));
    const expand = await orca.mark();
    await orca.press("Return");
    // the form opens with focus in its field, said without a Tab: the member writes at once (typing below reaches it)
    await orca.step("the reply form opens, focus in its field", () =>
      orca.waitForSpeech("Your reply entry required.", { since: expand, timeout: 30_000 }),
    );
    await orca.type("A reply Orca heard.");
    await orca.step("Tab to Post Reply", () => tabTo(orca, "Post Reply push button."));
    const post = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("reply posted", /^Reply posted!$/, post, 60_000);
    const { db } = await import("#db/client.server");
    const { forumPosts } = await import("#db/schema");
    const { eq } = await import("drizzle-orm");
    const posts = await db
      .select({ id: forumPosts.id })
      .from(forumPosts)
      .where(eq(forumPosts.content, "A reply Orca heard."));
    expect(posts).toHaveLength(1);
  });

  it("a 3D upload: the file sent, its progress and the model ready, each announced", async () => {
    await orca.step("arrive on /3d-viewer", () =>
      arrive(orca, url("/3d-viewer"), { title: `3D Model Viewer | ${SITE}`, heading: "3D Model Viewer" }),
    );
    await orca.step("Tab to the file field", () => tabUntil(orca, /^3D model file/, { max: 10 }));
    // the file is set on the field as a picker would (Playwright drives this Chromium): no native dialog to read
    await orca.page.locator("#model-file").setInputFiles({
      name: "cube.obj",
      mimeType: "model/obj",
      buffer: Buffer.from(cubeObj()),
    });
    await orca.step("Tab to Upload Model", () => tabTo(orca, "Upload Model push button."));
    const send = await orca.mark();
    await orca.press("Return");
    // the page's status region (named "Upload status") says the upload and how far the conversion is
    await orca.step("the upload and the conversion's progress", () =>
      orca.waitForSpeech(/^Upload status (Uploaded cube\.obj\. Converting it: \d+%|Converting cube\.obj: \d+%)$/, {
        since: send,
        timeout: 60_000,
      }),
    );
    // the outcome, once: the status region's words, and focus on the model's name
    await spokenUnprompted("3D model ready", /^Upload status cube\.obj is ready to view\.$/, send, 120_000);
    await orca.step("focus on the model's name", () =>
      orca.waitForSpeech(/^cube\.obj heading level 2/, { since: send }),
    );
    // each of the status region's words once: none said again
    const status = (await orca.spokenSince(send)).map((u) => u.text).filter((text) => text.startsWith("Upload status"));
    expect(status.length, `the upload's status, each once: ${status.join(" | ")}`).toBe(new Set(status).size);
  });

  it("forum search: a refused search's summary spoken once where focus lands", async () => {
    await orca.step("arrive on /forum/search", () =>
      arrive(orca, url("/forum/search"), { title: `Search the forum | ${SITE}`, heading: "Search the forum" }),
    );
    await orca.step("Tab to the words to find", () => tabUntil(orca, /^Words to find\b/, { max: 10 }));
    await orca.type("ab");
    const short = await orca.mark();
    await orca.press("Return");
    // the page's summary takes the focus (decision 450): its title, then its message, once
    await spokenUnprompted("forum search too short", /Search for at least 3 characters\./, short, 30_000);
    await orca.step("focus on the summary", () =>
      orca.waitForSpeech("The search was not made panel.", { since: short }),
    );
    expect(new URL(orca.page.url()).searchParams.get("q")).toBe("ab");
  });

  it("a profile form's refusal: one person too many, the people page's summary spoken once", async () => {
    const { addPerson, listPeople, PEOPLE_LIMIT } = await import("~/astrology/saved-people.server");
    for (let i = (await listPeople({ userId: member.id })).length; i < PEOPLE_LIMIT; i++)
      await addPerson({
        userId: member.id,
        name: `Kept ${i}`,
        birthDate: "1975-02-10",
        birthTime: null,
        placeId: 3435910,
        fold: null,
      });
    await signInAsMember();
    const both =
      "a_name=Anna&a_date=1879-03-14&a_time=11%3A30&a_q=Ulm&a_place=2820256" +
      "&b_name=Jorge&b_date=1975-02-10&b_time=09%3A15&b_q=Buenos+Aires&b_place=3435910&houses=placidus";
    // the comparison's page is long (five tables): Orca, reading it from the top as it loads, heard no key for 20 s
    // and more. The member comes by a link to its keep forms (#keep-people-title), where Orca starts, and Tabs on
    const load = await orca.mark();
    await orca.page.goto(url(`/compatibility?${both}#keep-people-title`));
    await orca.step("the page loads at Keep these people", async () => {
      await orca.waitForSpeech(`Finished loading Compatibility | ${SITE}.`, { since: load, timeout: 30_000 });
      await orca
        .waitForSpeech(/^Keep these people/, { since: load, timeout: 5000, uncounted: true })
        .catch(() => undefined);
    });
    await orca.step("Tab to Keep Anna", () => tabUntil(orca, "Keep Anna in my people push button.", { max: 4 }));
    const keep = await orca.mark();
    await orca.press("Return");
    // a plain POST form: the people page comes with the summary focused (its name said), and Orca reads the page on
    // from there: the message said once (decision 450)
    await orca.step("focus on the summary", () =>
      orca.waitForSpeech("Not saved panel.", { since: keep, timeout: 60_000 }),
    );
    // Orca says the message in two (its sentences), then reads on through the 50 people: once the message is heard,
    // the member stops the reading (Control), and what was said until then and in the quiet after it is counted
    const message = new RegExp(`^You can keep up to ${PEOPLE_LIMIT} people\\.\\s*$`);
    await orca.step("the message", async () => {
      await orca.waitForSpeech(message, { since: keep, timeout: 30_000 });
      await orca.waitForSpeech(/^Delete one to add another\.\s*$/, { since: keep });
      await orca.press("Control_L");
    });
    await spokenUnprompted("one person too many", message, keep);
    expect(new URL(orca.page.url()).pathname).toBe("/user-profile/people");
    expect(await listPeople({ userId: member.id })).toHaveLength(PEOPLE_LIMIT);
  });

  it("read-aloud: its start, playback, the sentence heard, and pause, each announced", async () => {
    await orca.step("arrive on /about", () =>
      arrive(orca, url("/about"), { title: `About the Ten Principles | ${SITE}`, heading: "About the Ten Principles" }),
    );
    await orca.step("Tab to the read-aloud button", () =>
      tabUntil(orca, "Read this page aloud collapsed push button.", { max: 60 }),
    );
    const open = await orca.mark();
    await orca.press("Return");
    await orca.step("the voice menu opens", () => orca.waitForSpeech("expanded", { since: open }));
    // the menu follows its button in the page: Tab from the button reaches the first voice
    await orca.step("Tab to a voice", () => tabTo(orca, /toggle button (not )?pressed/));
    const start = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("read-aloud start", /^Preparing to read the page with .+\.$/, start, 60_000);
    // the audio arrives and plays: said once, as it starts
    await spokenUnprompted("read-aloud playing", /^Reading the page with .+\.$/, start, 90_000);
    // focus is back on the button (the menu closed); the player follows it: Tab reaches its controls
    await orca.step("Tab to Say position", async () => {
      await tabTo(orca, "Pause reading push button.");
      await tabUntil(orca, "Say position push button.", { max: 3 });
    });
    const where = await orca.mark();
    await orca.press("Return");
    // while it plays: the sentence being read, of how many, and the time
    const position = await spokenUnprompted(
      "read-aloud position, the sentence",
      /^Sentence \d+ of \d+, \d+:\d\d of \d+:\d\d\.$/,
      where,
    );
    expect(position[0]!.text, "the time heard has moved on from 0:00").not.toMatch(/, 0:00 of/);
    await orca.step("Shift+Tab to Pause reading", () =>
      tabUntil(orca, "Pause reading push button.", { max: 4, key: "shift+Tab" }),
    );
    const pause = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("read-aloud pause", /^Reading paused\.$/, pause);
  });
});
