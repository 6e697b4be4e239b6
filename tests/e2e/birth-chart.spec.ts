import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/**
 * The birth chart page, with JavaScript on and off alike (it is a plain GET form): the place-choosing step, the
 * chart drawn and told in words in reading order, the repeated-hour question, the polar fallback, errors and the
 * readings.
 */
test.describe("birth chart", () => {
  test("search a place, choose it, and read the chart in words in order", async ({ page }) => {
    await page.goto("/birth-chart");
    await expectAccessible(page);
    // the format a browser without a date picker must type is said beside each field and tied to it (issue 47)
    await expect(page.getByLabel("Birth date")).toHaveAccessibleDescription(/YYYY-MM-DD \(for example 1990-03-15\)/);
    await expect(page.getByLabel("Birth time (optional)")).toHaveAccessibleDescription(/HH:MM on the 24-hour clock/);
    await page.getByLabel("Birth date").fill("1879-03-14");
    await page.getByLabel("Birth time (optional)").fill("11:30");
    await page.getByLabel("Birthplace (town or city)").fill("Ulm");
    await page.getByRole("button", { name: "Cast the chart" }).click();

    const choices = page.getByRole("group", { name: /Choose your birthplace/ });
    await expect(choices).toBeVisible();
    await expect(
      choices.getByRole("radio", { name: /^Ulm, Germany \(region 01\): 48\.40° N, 9\.99° E, Europe\/Berlin/ }),
    ).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Cast the chart for the chosen place" }).click();

    await expect(page).toHaveURL(/place=2820256/);
    await expect(page.getByRole("heading", { level: 2, name: "Birth chart: 1879-03-14 at 11:30, Ulm" })).toBeVisible();
    await expect(page.getByText(/local mean time.*UTC\+00:39:58/)).toBeVisible();
    const wheel = page.getByRole("img", { name: /Chart wheel for 1879-03-14 at 11:30, Ulm/ });
    await expect(wheel).toBeVisible();
    await expect(wheel.locator("title")).toHaveText("Chart wheel for 1879-03-14 at 11:30, Ulm");
    await expect(wheel.locator("desc")).toHaveText(/^Sun in Pisces, Moon in Sagittarius, Ascendant in Cancer/);

    const words = page.getByRole("region", { name: "The chart in words" });
    await expect(words.getByRole("listitem").first()).toHaveText(
      "Sun in Pisces, 23 degrees 30 minutes, in the tenth house",
    );
    await expect(words.getByText("Uranus in Virgo, 1 degree 17 minutes, retrograde, in the third house")).toBeVisible();
    await expect(words.getByText("Ascendant in Cancer, 11 degrees 38 minutes")).toBeVisible();
    await expect(words.getByText("Moon trine Venus, orb 2 degrees, applying")).toBeVisible();

    // The accessibility tree reads: the chart's heading, how it was cast, the wheel, then the words (planets in
    // order Sun to node, then angles, then aspects), then the tables.
    const tree = await page.getByRole("main").ariaSnapshot();
    const order = [
      'heading "Birth chart: 1879-03-14 at 11:30, Ulm"',
      "local mean time",
      'img "Chart wheel for 1879-03-14 at 11:30, Ulm',
      'heading "The chart in words"',
      'heading "Planets"',
      "Sun in Pisces, 23 degrees 30 minutes, in the tenth house",
      "Moon in Sagittarius, 14 degrees 31 minutes, in the sixth house",
      "Pluto in Taurus",
      "North Node in Aquarius",
      'heading "Angles"',
      "Ascendant in Cancer, 11 degrees 38 minutes",
      'heading "Aspects"',
      "Sun square Moon",
      'heading "The chart in tables"',
      'table "Positions"',
      'table "House cusps (Placidus)"',
    ].map((needle) => ({ needle, at: tree.indexOf(needle) }));
    for (const { needle, at } of order) expect(at, `${needle} in the accessibility tree`).toBeGreaterThan(-1);
    expect(order.map((o) => o.at)).toEqual([...order.map((o) => o.at)].sort((a, b) => a - b));
    await expectAccessible(page);

    await page.getByRole("link", { name: "Read this chart planet by planet" }).click();
    const readings = page.getByRole("region", { name: "Readings" });
    await expect(readings.getByRole("article", { name: "Sun" })).toContainText(
      /Sun in Pisces carries Universal Change, principle 1.*In the tenth house.*strongest aspect/,
    );
    await expect(readings.getByRole("article")).toHaveCount(10);
  });

  test("a clock time that happened twice asks which; the answer is used and stated", async ({ page, jsEnabled }) => {
    await page.goto("/birth-chart?date=1990-10-28&time=01:30&q=London&houses=placidus");
    // a press while the page's scripts start can be lost to their start (one run in CI): press when they have
    await waitForHydration(page, jsEnabled);
    await page.getByRole("button", { name: "Cast the chart for the chosen place" }).click();
    const question = page.getByRole("group", { name: "This clock time happened twice. Which one?" });
    await expect(question).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: /01:30 happened twice in Europe\/London on 1990-10-28/ }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Birth chart:/ })).toHaveCount(0);
    await expectAccessible(page);
    await question.getByRole("radio", { name: /The later one, at UTC\+00:00/ }).check();
    await page.getByRole("button", { name: "Cast the chart" }).click();
    await expect(page).toHaveURL(/fold=later/);
    await expect(
      page.getByText(/happened twice in Europe\/London .*the chart uses the later one, at UTC\+00:00/),
    ).toBeVisible();
    await expect(page.getByText(/Cast for 1990-10-28 01:30 UTC/)).toBeVisible();
  });

  test("a skipped clock time, the Arctic and a chart without a time say what they did", async ({ page }) => {
    await page.goto("/birth-chart?date=2021-03-14&time=02:30&q=New+York+City&place=5128581&houses=placidus");
    await expect(page.getByText(/never happened in America\/New_York/)).toBeVisible();

    await page.goto("/birth-chart?date=1985-06-21&time=12:00&q=Troms&place=3133895&houses=placidus");
    await expect(page.getByText(/Placidus houses do not exist at latitude 69\.65° north/)).toBeVisible();
    await expect(page.getByRole("table", { name: "House cusps (Whole Sign)" })).toBeVisible();

    await page.goto("/birth-chart?date=1965-07-15&time=&q=Sydney&place=2147714&houses=placidus");
    await expect(page.getByRole("heading", { name: "Birth chart: 1965-07-15, time unknown, Sydney" })).toBeVisible();
    await expect(
      page.getByText("The Ascendant, the Midheaven and the houses depend on the hour, so none are shown."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Angles" })).toHaveCount(0);
    await expect(page.getByRole("table", { name: /House cusps/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("bad input is refused with a 400 and a focused summary", async ({ page }) => {
    const response = await page.goto("/birth-chart?date=1990-02-30&time=25:00&q=zzqqxx");
    expect(response?.status()).toBe(400);
    // a summary that takes focus is a named group, not also an alert (decision 400)
    const summary = page.getByRole("group", { name: "The chart could not be cast yet" });
    await expect(summary).toContainText("Birth date: That date does not exist.");
    await expect(summary).toContainText("Birth time: Enter the birth time as HH:MM");
    await expect(summary).toContainText("No place in the list starts with “zzqqxx”");
    await expect(summary).toBeFocused();
    await expect(summary).toHaveId("birth-chart-errors");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Birth date")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  });
});
