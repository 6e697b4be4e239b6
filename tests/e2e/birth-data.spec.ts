import { createMember, expect, expectAccessible, expectToast, signIn, test } from "./fixtures";

/**
 * A member saves their birth chart and names from the pages that show them and finds them, private, on their
 * account page, with today's transits and their calendar address; then deletes them. JavaScript on and off alike.
 */
test.describe("saved birth data", () => {
  test("save a chart and names, see them on the account page, delete them", async ({ page, jsEnabled }) => {
    const member = await createMember();
    await signIn(page, member.id);

    await page.goto("/birth-chart?date=1879-03-14&time=11%3A30&q=Ulm&place=2820256&houses=placidus");
    await expect(page.getByRole("heading", { name: "Today's transits to this chart" })).toBeVisible();
    await page.getByRole("button", { name: "Save this chart to my account" }).click();
    await expect(page).toHaveURL(/\/user-profile\/birth-data$/);
    await expectToast(page, jsEnabled, "Birth chart saved");
    const chart = page.getByRole("region", { name: "Birth chart" });
    await expect(
      chart.getByText(
        "Born 1879-03-14 at 11:30 in Ulm, Germany (region 01): Sun in Pisces, Moon in Sagittarius, Ascendant in Cancer.",
      ),
    ).toBeVisible();
    await expect(chart.getByRole("heading", { name: "Today's transits to your chart" })).toBeVisible();
    // the address is a link (its text the address itself), described by the words about it (issue 47)
    const calendarLink = page.getByRole("link", { name: /\/astrology\/calendar\.ics\?member=/ });
    const calendarAddress = new RegExp(`/astrology/calendar\\.ics\\?member=${member.id}&key=[\\w-]{32}$`);
    await expect(calendarLink).toHaveAttribute("href", calendarAddress);
    await expect(calendarLink).toHaveText(calendarAddress);
    await expect(calendarLink).toHaveAccessibleDescription(/^Your calendar address: /);
    await expectAccessible(page);

    await page.goto("/birth-date?name=John+Smith&current=&y=consonant&born=");
    await page.getByRole("button", { name: "Save these names to my account" }).click();
    await expect(page).toHaveURL(/\/user-profile\/birth-data$/);
    await expect(page.getByText("John Smith: Expression 8, Soul Urge 6, Personality 11.")).toBeVisible();

    await chart.getByRole("link", { name: "Open your birth chart" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Birth chart: 1879-03-14 at 11:30, Ulm" })).toBeVisible();

    await page.goto("/user-profile/birth-data");
    await page.getByRole("button", { name: "Delete my birth data" }).click();
    await expectToast(page, jsEnabled, "Birth data deleted");
    await expect(page.getByText("No chart saved.")).toBeVisible();
    await expect(page.getByText("No name saved.")).toBeVisible();
    await expect(page.getByRole("link", { name: /\/astrology\/calendar\.ics\?member=/ })).toHaveCount(0);
  });

  test("a refused save says why on the account page, its summary focused and named (decision 450)", async ({
    page,
  }) => {
    const member = await createMember();
    await signIn(page, member.id);
    await page.goto("/birth-date?name=John+Smith&current=&y=consonant&born=");
    // a form that no longer holds a name (an old page's, say): the name is emptied on its way to the server
    await page.route("**/user-profile/birth-data", (route) =>
      route.request().method() === "POST"
        ? route.continue({ postData: (route.request().postData() ?? "").replace(/(^|&)name=[^&]*/, "$1name=") })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Save these names to my account" }).click();
    await expect(page).toHaveURL(/\/user-profile\/birth-data$/);
    // always a new page (a plain POST form): focused by autofocus, named by its title; its message is read on from
    // there, so it does not also describe it; not an alert
    const summary = page.getByRole("group", { name: "Not saved" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Enter your full birth name.");
    await expect(summary).toHaveAccessibleDescription("");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("No name saved.")).toBeVisible();
    await expectAccessible(page);
  });

  test("a signed-out visitor who saves is asked to sign in and comes back to the chart", async ({ page }) => {
    await page.goto("/birth-chart?date=1879-03-14&time=11%3A30&q=Ulm&place=2820256&houses=placidus");
    await page.getByRole("button", { name: "Save this chart to my account" }).click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbirth-chart%3Fdate%3D1879-03-14/);
  });
});
