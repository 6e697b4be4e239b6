import { createMember, expect, expectAccessible, signIn, test, waitForHydration } from "./fixtures";

/**
 * The compatibility page (issue 45), with JavaScript on and off alike (one plain GET form): both people's births,
 * the place-choosing step, the bi-wheel and the contacts in words in reading order, the composite and the numbers;
 * a pair without a birth time; errors by field with a focused summary.
 */
const BOTH = [
  "a_name=Anna+Maria+Schmidt&a_date=1879-03-14&a_time=11%3A30&a_q=Ulm&a_place=2820256",
  "b_name=Jorge+Luis&b_date=1975-02-10&b_time=09%3A15&b_q=Buenos+Aires&b_place=3435910",
  "houses=placidus&y=consonant",
].join("&");

test.describe("compatibility", () => {
  test("two births typed, places chosen, and the synastry read in order", async ({ page, jsEnabled }) => {
    await page.goto("/compatibility");
    await expectAccessible(page);
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Person A: name (optional)").fill("Anna Maria Schmidt");
    await page.getByLabel("Person A: birth date").fill("1879-03-14");
    await page.getByLabel("Person A: birth time (optional)").fill("11:30");
    await page.getByLabel("Person A: birthplace (town or city)").fill("Ulm");
    await page.getByLabel("Person B: name (optional)").fill("Jorge Luis");
    await page.getByLabel("Person B: birth date").fill("1975-02-10");
    await page.getByLabel("Person B: birth time (optional)").fill("09:15");
    await page.getByLabel("Person B: birthplace (town or city)").fill("Buenos Aires");
    await page.getByRole("button", { name: "Compare the two" }).click();

    const choicesA = page.getByRole("group", { name: /Choose Person A's birthplace/ });
    await expect(choicesA.getByRole("radio", { name: /^Ulm, Germany/ })).toBeChecked();
    await expect(
      page
        .getByRole("group", { name: /Choose Person B's birthplace/ })
        .getByRole("radio", { name: /^Buenos Aires, Argentina/ }),
    ).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Compare the two" }).click();

    // the address holds both births: bookmarkable
    await expect(page).toHaveURL(/a_place=2820256/);
    await expect(page).toHaveURL(/b_place=3435910/);
    await expect(page.getByRole("heading", { level: 2, name: "Synastry: Anna and Jorge" })).toBeVisible();
    const wheel = page.getByRole("img", { name: /Bi-wheel of Anna and Jorge/ });
    await expect(wheel.locator("title")).toHaveText("Bi-wheel of Anna and Jorge");
    await expect(wheel.locator("desc")).toHaveText(
      /^Anna's chart inside, Jorge's outside; \d+ contacts between them, the tightest: Anna's Midheaven trine Jorge's Saturn, orb 1 minute, applying/,
    );

    const words = page.getByRole("region", { name: "The contacts in words" });
    await expect(words.getByRole("listitem").first()).toHaveText(
      "Anna's Midheaven trine Jorge's Saturn, orb 1 minute, applying",
    );
    await expect(words.getByText("Anna's Moon square Jorge's Venus, orb 31 minutes, separating")).toBeVisible();
    await expect(words.getByText("Anna's Sun in Jorge's twelfth house")).toBeVisible();

    const tree = await page.getByRole("main").ariaSnapshot();
    const order = [
      'heading "Synastry: Anna and Jorge"',
      "Anna: born 1879-03-14 at 11:30 in Ulm",
      "Jorge: born 1975-02-10 at 09:15 in Buenos Aires",
      'img "Bi-wheel of Anna and Jorge',
      'heading "The contacts in words"',
      "Anna's Midheaven trine Jorge's Saturn, orb 1 minute, applying",
      "Anna's Moon square Jorge's Venus, orb 31 minutes, separating",
      "Anna's Venus sextile Jorge's Mercury, orb 34 minutes, separating",
      "Anna's planets in Jorge's houses",
      "Anna's Sun in Jorge's twelfth house",
      "Jorge's planets in Anna's houses",
      'heading "The contacts in tables"',
      'table "Contacts, the tightest first"',
      'table "Positions side by side"',
      'heading "The composite chart of Anna and Jorge"',
      'img "Composite chart of Anna and Jorge',
      'heading "The composite in words"',
      'heading "The composite in tables"',
      'heading "The numbers of Anna and Jorge"',
      'table "Numbers side by side"',
      'heading "How the principles meet"',
      "Life Path, from Anna's Universal Refinement of Pace to Jorge's Universal Harmony",
    ].map((needle) => ({ needle, at: tree.indexOf(needle) }));
    for (const { needle, at } of order) expect(at, `${needle} in the accessibility tree`).toBeGreaterThan(-1);
    expect(order.map((o) => o.at)).toEqual([...order.map((o) => o.at)].sort((a, b) => a - b));
    await expect(page.getByText(/Convention: Y as a consonant \(the standard Pythagorean table\)/)).toBeVisible();
    await expect(page.getByText("%")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the tightest contacts read through the principles", async ({ page }) => {
    await page.goto(`/compatibility?${BOTH}`);
    await page.getByRole("link", { name: "Read the tightest contacts through the ten principles" }).click();
    await expect(page).toHaveURL(/reading=1/);
    const readings = page.getByRole("region", { name: "Readings of the tightest contacts" });
    const first = readings.getByRole("article", {
      name: "Anna's Midheaven trine Jorge's Saturn, orb 1 minute, applying",
    });
    await expect(first).toContainText(/Anna's Midheaven is their calling.*Jorge's Saturn carries Universal/);
    await expect(readings.getByRole("article")).toHaveCount(8);
    await expect(readings.getByRole("article").nth(1)).toContainText(
      /Anna's Moon carries Universal Joining, principle 3/,
    );
    await expectAccessible(page);
  });

  test("a pair without a birth time: no house contacts, and the Moon's day stated", async ({ page }) => {
    await page.goto(
      "/compatibility?a_name=Anna&a_date=1879-03-14&a_time=11%3A30&a_q=Ulm&a_place=2820256&b_name=Sam&b_date=1965-07-15&b_time=&b_q=Sydney&b_place=2147714&houses=placidus&y=consonant",
    );
    await expect(page.getByRole("heading", { name: "What an unknown birth time leaves out" })).toBeVisible();
    await expect(page.getByText("Sam has no birth time, so that chart is cast for noon.")).toBeVisible();
    await expect(page.getByText(/^Sam's Moon \(birth time unknown\) runs from /)).toBeVisible();
    await expect(
      page.getByText(/^Anna's Mercury sextile Sam's Moon: listed for noon, but may be out of orb at the real hour/),
    ).toBeVisible();
    await expect(page.getByText("No house contacts: they need both birth times.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /planets in .* houses/ })).toHaveCount(0);
    const words = page.getByRole("region", { name: "The contacts in words" });
    await expect(words.getByRole("listitem").first()).toHaveText(
      "Anna's Moon square Sam's Pluto, orb 12 minutes, separating",
    );
    await expect(words.getByText(/Sam's (Ascendant|Midheaven)/)).toHaveCount(0);
    await expectAccessible(page);
  });

  test("bad input: a 400, errors by their fields and a summary that takes focus", async ({ page }) => {
    const response = await page.goto("/compatibility?a_date=1990-02-30&a_q=Ulm&b_time=25%3A00");
    expect(response?.status()).toBe(400);
    // a summary that takes focus is a named group, not also an alert (decision 400)
    const summary = page.getByRole("group").filter({ hasText: "The compatibility could not be worked out yet" });
    await expect(summary).toContainText("Person A, birth date: That date does not exist.");
    await expect(summary).toContainText("Person B, birth time: Enter the birth time as HH:MM");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("group");
    await expect(page.getByLabel("Person A: birth date")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Person A: birth date")).toHaveAccessibleDescription(
      /YYYY-MM-DD.*That date does not exist\./,
    );
    await summary.getByRole("link", { name: /Person B, birth time/ }).click();
    await expect(page.getByLabel("Person B: birth time (optional)")).toBeFocused();
    await expectAccessible(page);
  });

  test("the page is linked from the birth chart and the astrology page", async ({ page }) => {
    await page.goto("/birth-chart");
    await page.getByRole("link", { name: "Compare two charts" }).click();
    await expect(page).toHaveURL(/\/compatibility$/);
    await page.goto("/astrology");
    await expect(page.getByRole("link", { name: "compare two people's charts" })).toHaveAttribute(
      "href",
      "/compatibility",
    );
    await page.goto(`/compatibility?${BOTH}`);
    await expect(page.getByRole("heading", { name: "Synastry: Anna and Jorge" })).toBeVisible();
  });

  test("a member who keeps as many people as allowed is refused one more, the summary focused (decision 450)", async ({
    page,
    jsEnabled,
  }) => {
    const member = await createMember();
    const { addPerson, PEOPLE_LIMIT } = await import("../../app/astrology/saved-people.server");
    for (let i = 0; i < PEOPLE_LIMIT; i++)
      await addPerson({
        userId: member.id,
        name: `Kept ${i}`,
        birthDate: "1975-02-10",
        birthTime: null,
        placeId: 3435910,
        fold: null,
      });
    await signIn(page, member.id);
    await page.goto(`/compatibility?${BOTH}`);
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "Keep Jorge Luis in my people" }).click();
    await expect(page).toHaveURL(/\/user-profile\/people$/);
    // always a new page (a plain POST form): focused by autofocus, named by its title, not an alert
    const summary = page.getByRole("group", { name: "Not saved" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(`You can keep up to ${PEOPLE_LIMIT} people. Delete one to add another.`);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("region", { name: `Kept people (${PEOPLE_LIMIT})` })).toBeVisible();
    await expectAccessible(page);
  });

  test("a member keeps a person, chooses them on the form, and deletes them", async ({ page, jsEnabled }) => {
    const member = await createMember();
    await signIn(page, member.id);
    await page.goto(`/compatibility?${BOTH}`);
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "Keep Jorge Luis in my people" }).click();
    await expect(page).toHaveURL(/\/user-profile\/people$/);
    const kept = page.getByRole("region", { name: "Kept people (1)" });
    await expect(kept).toContainText("Jorge Luis, born 1975-02-10 at 09:15 in Buenos Aires, Argentina");
    await expectAccessible(page);

    await page.goto(`/compatibility?a_name=Anna&a_date=1879-03-14&a_time=11%3A30&a_q=Ulm&a_place=2820256`);
    await waitForHydration(page, jsEnabled);
    const keptSelect = page.getByLabel("Person B: someone you keep");
    await expect(keptSelect.getByRole("option").nth(1)).toHaveText(/^Jorge Luis, born 1975-02-10 at 09:15/);
    await keptSelect.selectOption({ index: 1 });
    await page.getByRole("button", { name: "Compare the two" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Synastry: Anna and Jorge" })).toBeVisible();
    await expect(page).toHaveURL(/b_place=3435910/);
    await expectAccessible(page);

    await page.goto("/user-profile/people");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "Delete Jorge Luis" }).click();
    await expect(page.getByRole("region", { name: "Kept people (0)" })).toBeVisible();
  });
});
