import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { arrive, heardAfter, startOrca, tabTo, tabUntil, type OrcaSession } from "../support/orca";
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

/**
 * How many times each error and result was spoken (the suite asserts each is spoken, unprompted; decision 330 lists
 * the ones said more than once), printed after the run.
 */
const repeats: Array<{ step: string; text: string; times: number }> = [];

/** An error or a result: spoken without the member moving; how many times is recorded. */
async function spokenUnprompted(step: string, pattern: RegExp, since: number, timeout = 30_000) {
  const heard = await orca.step(step, () => heardAfter(orca, pattern, since, { timeout }));
  expect(heard.length, `${step}: ${pattern}`).toBeGreaterThan(0);
  repeats.push({ step, text: heard[0]!.text, times: heard.length });
  return heard;
}

/** How many times Orca said `pattern` since `since`, recorded for the table without asserting it. */
async function timesSaid(step: string, pattern: RegExp, since: number) {
  const heard = (await orca.spokenSince(since)).filter((u) => pattern.test(u.text));
  repeats.push({ step, text: heard[0]?.text ?? String(pattern), times: heard.length });
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
    await orca.step("Tab to the username field", async () => {
      await tabTo(orca, "Sign In link.");
      await tabTo(orca, "Register link.");
      await tabTo(orca, "Username or email entry required.", { mode: "Focus mode" });
    });
    await orca.type(member.username);
    await orca.step("Tab to the password field", () => tabTo(orca, "Password password text."));
    await orca.type("wrong-pass1");
    const wrong = await orca.mark();
    await orca.press("Return");
    // focus moves to the error summary: Orca reads it there, and leaves focus mode
    await spokenUnprompted("wrong password", /Invalid username or password/, wrong);
    await orca.step("focus on the summary", () =>
      orca.waitForSpeech("Login failed • Invalid username or password clickable.", { since: wrong }),
    );
    await orca.step("Tab back to the username, kept", () =>
      tabTo(orca, `Username or email entry ${member.username} selected required.`, { mode: "Focus mode" }),
    );
    await orca.step("Tab to the password field", () => tabTo(orca, /^Password password text/));
    await orca.type(PASSWORD);
    const right = await orca.mark();
    await orca.press("Return");
    // the forum opens: its title, then the toast
    await orca.step("the forum's title", () =>
      orca.waitForSpeech(`Community Forum | ${SITE} document web.`, { since: right }),
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
    await orca.step("Tab to the username field", async () => {
      await tabTo(orca, "Sign In link.");
      await tabTo(orca, "Register link.");
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
      await tabUntil(orca, "7 Universal Harmony push button.", { max: 8 });
    });
    const go = await orca.mark();
    await orca.press("Return");
    // the result: focus moves to the reading's heading, and Orca reads it
    await spokenUnprompted("home reading, focus on its heading", /^Universal Harmony: .+ heading level 2/, go, 90_000);
    // the status region's words are heard in some runs only (the focus move's speech can cut them): counted, not asserted
    await timesSaid("home reading, the status region", /^Your personalized numerology insights are ready!$/, go);
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
    await spokenUnprompted("impossible date", /Please enter a valid date \(e\.g\., 01\/01\/2011\)/, bad);
    // focus stays in the form, after the field: the next Tab is the button, Shift+Tab the field with what was typed
    await orca.step("Tab, then back to the date field", async () => {
      await tabTo(orca, "Analyze push button.");
      await tabTo(orca, /^Birth date \(MM\/DD\/YYYY\) entry 02\/30\/1990 selected/, {
        key: "shift+Tab",
        mode: "Focus mode",
      });
    });
    await orca.type("03/15/1990");
    const good = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("birth date analysis", /^Your life path number is 1\.$/, good, 60_000);
    await spokenUnprompted("birth date analysis, the toast's title", /^Analysis Complete$/, good);
  });

  it("a new topic and a reply: the dialog's fields, the outcome, then the reply", async () => {
    // signed in as the member (this flow does not depend on registration's)
    const { createUserSession } = await import("~/accounts/session.server");
    const [pair] = (await createUserSession(member.id)).split(";");
    const [name, ...value] = pair!.split("=");
    await orca.page.context().clearCookies();
    await orca.page.context().addCookies([{ name: name!, value: value.join("="), url: server.base }]);
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
    expect(new URL(orca.page.url()).pathname).toMatch(/^\/forum\/topic\/\d+$/);

    await orca.step("Tab to Write a Reply", () => tabUntil(orca, "Write a Reply collapsed push button.", { max: 40 }));
    const expand = await orca.mark();
    await orca.press("Return");
    await orca.step("the reply form opens", () => orca.waitForSpeech("expanded", { since: expand }));
    await orca.step("Tab to the reply field", () => tabUntil(orca, "Your reply entry required.", { max: 4 }));
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

  it("read-aloud: its start, pause and position, each announced", async () => {
    await orca.step("arrive on /about", () =>
      arrive(orca, url("/about"), { title: `About the Ten Principles | ${SITE}`, heading: "About the Ten Principles" }),
    );
    await orca.step("Tab to the read-aloud button", () =>
      tabUntil(orca, "Read this page aloud collapsed push button.", { max: 60 }),
    );
    const open = await orca.mark();
    await orca.press("Return");
    await orca.step("the voice menu opens", () => orca.waitForSpeech("expanded", { since: open }));
    // the menu sits before its button in the page: Tab leaves the page (for Chromium's own toolbar), Shift+Tab
    // reaches the last voice
    await orca.step("Shift+Tab to a voice", () => tabTo(orca, /toggle button not pressed/, { key: "shift+Tab" }));
    const start = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("read-aloud start", /^Preparing to read the page with .+\.$/, start, 60_000);
    // the player's controls also sit before the button: Shift+Tab reaches them
    await orca.step("Shift+Tab to Pause reading", () =>
      tabUntil(orca, "Pause reading push button.", { max: 6, key: "shift+Tab" }),
    );
    const pause = await orca.mark();
    await orca.press("Return");
    await spokenUnprompted("read-aloud pause", /^Reading paused\.$/, pause);
    await orca.step("Tab to Say position", () => tabUntil(orca, "Say position push button.", { max: 4 }));
    const where = await orca.mark();
    await orca.press("Return");
    // the position, with the sentence once the read-along has its timings (paused while the audio was still on its
    // way, it is "0:00 of 0:00.")
    await spokenUnprompted("read-aloud position", /^(Sentence \d+ of \d+, )?\d+:\d\d of \d+:\d\d\.$/, where);
  });
});
