import { expect, expectAccessible, test } from "./fixtures";

/** The name numbers on the birth-date page: a GET form of its own, with JavaScript on and off alike. */
test.describe("name numbers", () => {
  test("a birth name and a current name give their numbers with every step, and the personal cycles", async ({
    page,
  }) => {
    await page.goto("/birth-date");
    const section = page.getByRole("region", { name: "The numbers of your name" });
    await section.getByLabel("Full birth name").fill("John Smith");
    await section.getByLabel("Current name (optional)").fill("Anna Torres");
    const born = section.getByLabel("Birth date, for your personal year, month and day (optional)");
    // the format a browser without a date picker must type is said beside the field and tied to it (issue 47)
    await expect(born).toHaveAccessibleDescription(/YYYY-MM-DD \(for example 1990-03-15\)/);
    await born.fill("1992-05-15");
    await section.getByRole("button", { name: "Work out my name numbers" }).click();

    await expect(page).toHaveURL(/name=John\+Smith/);
    // the form's action has no #fragment (w3m dropped the fields for one): the answer's heading takes the focus
    expect(new URL(page.url()).hash).toBe("");
    await expect(page.getByRole("heading", { name: "Birth name: John Smith" })).toBeFocused();
    const birthName = page.getByRole("region", { name: "Birth name: John Smith" });
    await expect(birthName.getByRole("heading", { name: "Expression: 8, Universal Remembrance" })).toBeVisible();
    await expect(
      birthName.getByRole("heading", { name: /^Personality: 11, a master number, kept whole/ }),
    ).toBeVisible();
    await expect(birthName.getByText("John: J(1) + O(6) + H(8) + N(5) = 20 → 2+0 = 2")).toBeVisible();
    await expect(birthName.getByText("All names: 5 + 6 = 11 = Personality 11")).toBeVisible();
    await expect(birthName.getByText(/Convention: Y as a consonant \(the standard Pythagorean table\)/)).toBeVisible();

    const current = page.getByRole("region", { name: "Current name: Anna Torres" });
    await expect(current.getByText("All names: 2 + 11 = 13 → 1+3 = 4 = Soul Urge 4")).toBeVisible();

    const cycles = page.getByRole("region", { name: "Personal year, month and day" });
    await expect(cycles.getByText(/^Personal year: \d/)).toBeVisible();
    await expect(cycles.getByText(/birth month 5 → 5, birth day 15 → 6/)).toBeVisible();
    await expectAccessible(page);

    // the Y convention is the visitor's choice
    await section.getByLabel("Y as a vowel").check();
    await section.getByLabel("Full birth name").fill("Mary Lynn");
    await section.getByLabel("Current name (optional)").fill("");
    await section.getByRole("button", { name: "Work out my name numbers" }).click();
    await expect(page).toHaveURL(/y=vowel/);
    const mary = page.getByRole("region", { name: "Birth name: Mary Lynn" });
    await expect(mary.getByText(/Convention: Y as a vowel; vowels are A, E, I, O, U and Y/)).toBeVisible();
    await expect(mary.getByText("Lynn: Y(7) = 7")).toBeVisible();
  });

  test("a name without letters is refused with a 400 and a focused summary", async ({ page }) => {
    const response = await page.goto("/birth-date?name=1234&y=consonant");
    expect(response?.status()).toBe(400);
    // a summary that takes focus is a named group, not also an alert (decision 400)
    const summary = page.getByRole("group", { name: "The name numbers could not be worked out" });
    await expect(summary).toContainText("Full birth name: The birth name needs at least one letter A-Z");
    await expect(summary).toBeFocused();
    await expect(summary).toHaveId("name-numbers-errors");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Full birth name")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  });
});
