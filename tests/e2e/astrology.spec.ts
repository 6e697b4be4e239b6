import { expect, expectAccessible, test, waitForHydration, createMember, makeAdmin, signIn } from "./fixtures";

const SIGN = "(Aries|Taurus|Gemini|Cancer|Leo|Virgo|Libra|Scorpio|Sagittarius|Capricorn|Aquarius|Pisces)";

test.describe("astrology", () => {
  test("the transits tab shows the moon, the positions, the sky wheel with its text alternative and the last update", async ({
    page,
    jsEnabled,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const response = await page.goto("/astrology");
    expect(response?.status()).toBe(200);
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Celestial Transits" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Transits", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Moon Phase" })).toBeVisible();
    await expect(
      page.getByText(
        /^Next: (New Moon|First Quarter|Full Moon|Last Quarter) on \w{3} \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M E[SD]T$/,
      ),
    ).toBeVisible();

    const table = page.getByRole("table", { name: /Positions of the ten bodies/ });
    await expect(table.getByRole("row")).toHaveCount(11);
    await expect(table.getByRole("rowheader", { name: /Sun/ })).toBeVisible();
    await expect(table.getByRole("row", { name: new RegExp(`Pluto.*${SIGN}`) })).toBeVisible();

    const wheel = page.getByRole("group", { name: /Sky wheel/ });
    await expect(wheel).toBeVisible();
    const describedBy = await wheel.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy}`)).toHaveText(/Positions of the ten bodies/);
    await expect(wheel.locator("[data-body]")).toHaveCount(10);

    await expect(page.getByText(/^Last updated: .* · checked every \d+ minutes$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to About" })).toHaveAttribute("href", "/about");
    await expectAccessible(page);
    expect(errors, "no hydration or script errors").toEqual([]);
  });

  test("the horoscope tab is a link, and the last tab is remembered", async ({ page, jsEnabled }) => {
    await page.goto("/astrology");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: "Personalized Horoscope" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Personalized Horoscope" })).toBeVisible();
    await expect(page).toHaveURL(/\/astrology$/);
    await expect(page.getByRole("heading", { name: "Select a Planet Above" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Content Preferences" })).toBeVisible();
    await expectAccessible(page);
    if (jsEnabled) expect(await page.evaluate(() => localStorage.getItem("astrologyActiveTab"))).toBe("horoscope");

    await page.goto("/astrology");
    await expect(page.getByRole("heading", { level: 2, name: "Personalized Horoscope" })).toBeVisible();

    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: "Transits", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Moon Phase" })).toBeVisible();
    await page.goto("/astrology");
    await expect(page.getByRole("heading", { name: "Moon Phase" })).toBeVisible();
  });

  test("a planet link opens its card and the reading", async ({ page, jsEnabled }) => {
    await page.goto("/astrology?tab=horoscope");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("navigation", { name: "Planets" }).getByRole("link", { name: /Mars/ }).click();
    await expect(page).toHaveURL(/\/astrology\/Mars$/);
    await expect(page.getByRole("heading", { name: new RegExp(`^Mars in ${SIGN}$`) })).toBeVisible();
    await expect(page.getByText("Drive · Courage · Action", { exact: true })).toBeVisible();
    const reading = page.getByRole("region", { name: "Your Reading" });
    await expect(reading).toContainText("Universal Desire");
    await expect(reading).toContainText("Universal Nonseparation");
    await expect(page.getByText(/not predictions/)).toBeVisible();
    await expectAccessible(page);

    // another planet from the card's grid, and from the transits table
    await page.getByRole("navigation", { name: "Planets" }).getByRole("link", { name: /Venus/ }).click();
    await expect(page).toHaveURL(/\/astrology\/Venus$/);
    await expect(reading).toContainText("Universal Harmony");
    await page.getByRole("link", { name: "Transits", exact: true }).click();
    await page.getByRole("table").getByRole("link", { name: "Saturn" }).click();
    await expect(page).toHaveURL(/\/astrology\/Saturn$/);
    await expect(page.getByRole("region", { name: "Your Reading" })).toContainText("Universal Refinement of Pace");
  });

  test("preferences shape the reading; the keyword counter turns red under 10 left", async ({ page, jsEnabled }) => {
    await page.goto("/astrology/Jupiter");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Style").selectOption("practical");
    await page.getByLabel("Content Length").selectOption("brief");
    const keywords = page.getByLabel("Keywords");
    await keywords.fill("quiet mornings by the sea now");
    if (jsEnabled) await expect(page.getByText("29/30 (1 left)")).toBeVisible();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    const reading = page.getByRole("region", { name: "Your Reading" });
    await expect(reading).toContainText("“quiet mornings by the sea now”");
    await expect(reading).toContainText("Jupiter");
    await expect(page.getByLabel("Style")).toHaveValue("practical");
    await expect(page.getByText("29/30 (1 left)")).toBeVisible();
    await expectAccessible(page);
  });

  test("an unknown planet is a 404 with a helpful message", async ({ page }) => {
    const response = await page.goto("/astrology/Vulcan");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Planet Not Found" })).toBeVisible();
    await expect(page.getByText(/no planet called “Vulcan”/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Neptune" })).toHaveAttribute("href", "/astrology/Neptune");
    await expectAccessible(page);
  });

  test("the terminology debug tool tests a reading (admins in production)", async ({ page, jsEnabled }) => {
    // the e2e server runs in production mode: visitors are sent to sign in
    await page.goto("/debug-terminology");
    await expect(page).toHaveURL(/\/auth/);

    const member = await createMember();
    await makeAdmin(member.id); // with the second factor admins need (decision 291)
    await signIn(page, member.id);
    await page.goto("/debug-terminology");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Terminology Debug" })).toBeVisible();
    await page.getByLabel("Planet").selectOption("Mars");
    await page.getByLabel("Sign").selectOption("Leo");
    await page.getByRole("button", { name: "Test" }).click();
    await expect(page).toHaveURL(/planet=Mars&sign=Leo/);
    await expect(page.getByRole("heading", { name: "Mars in Leo: Compliant" })).toBeVisible();
    const check = page.getByRole("table", { name: "Terminology check" });
    await expect(check.getByRole("row", { name: /Principle 5 \(Universal Desire\)/ })).toContainText("(ok)");
    await expect(check.getByRole("row", { name: /Special: element \(Fire\)/ })).toBeVisible();
    await expectAccessible(page);

    const api = await page.request.get("/api/debug/terminology/Mars/Leo");
    expect(api.status()).toBe(200);
    expect(api.headers()["cache-control"]).toBe("no-store");
    expect((await api.json()).terminologyCheck.compliant).toBe(true);
  });

  test("the API answers real HTTP statuses and shapes", async ({ page }) => {
    const now = await page.request.get("/api/astrology");
    expect(now.status()).toBe(200);
    const sky = await now.json();
    expect(sky.planets).toHaveLength(10);
    expect(sky.moonPhase.nextPhase.time).toMatch(/ E[SD]T$/);

    const bad = await page.request.get("/api/astrology?at=not-a-date");
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toMatch(/ISO-8601/);
    expect((await page.request.get("/api/astrology?at=1850-01-01T00:00:00Z")).status()).toBe(400);

    const status = await page.request.get("/api/astrology-monitor/status");
    expect(status.status()).toBe(200);
    expect(await status.json()).toMatchObject({ checkIntervalMinutes: 60 });

    const reading = await page.request.post("/api/generate-personalized-reading", {
      headers: { "x-session-id": crypto.randomUUID() },
      data: { planet: "Moon", constellation: "Cancer" },
    });
    expect(reading.status()).toBe(200);
    expect((await reading.json()).reading).toContain("Universal Joining");
    const broken = await page.request.post("/api/generate-personalized-reading", {
      headers: { "Content-Type": "application/json" },
      data: "{not json",
    });
    expect(broken.status()).toBe(400);
    const alert = await page.request.post("/api/generate-personalized-reading", {
      data: { planet: "Moon", constellation: "Cancer", keywords: "torture" },
    });
    expect(alert.status()).toBe(400);
    expect((await alert.json()).error).toContain("GRAPHIC_ALERT");
    // the debug API is for admins in production
    expect((await page.request.get("/api/debug/terminology/Mars/Leo")).status()).toBe(401);
  });

  test("with JavaScript a chosen planet's reading comes from the API behind a loading card", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the plain-HTML path is the server-rendered reading tested above");
    const errors: string[] = [];
    page.on(
      "console",
      (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()),
    );
    const sessionHeaders: Array<string | undefined> = [];
    let fail = false;
    // the first reading is held until its loading state has been seen
    let released = false;
    let release = () => void (released = true);
    await page.route("**/api/generate-personalized-reading", async (route) => {
      sessionHeaders.push(route.request().headers()["x-session-id"]);
      if (!released) await new Promise<void>((resolve) => (release = () => void ((released = true), resolve())));
      if (fail) await route.fulfill({ status: 503, json: { error: "down" } });
      else await route.continue();
    });
    await page.goto("/astrology?tab=horoscope");
    await waitForHydration(page, jsEnabled);
    const planets = page.getByRole("navigation", { name: "Planets" });
    await planets.getByRole("link", { name: /Neptune/ }).click();
    await expect(page).toHaveURL(/\/astrology\/Neptune$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Generating your personalized Neptune reading" }),
    ).toBeVisible();
    release();
    await expect(page.getByRole("region", { name: "Your Reading" })).toContainText("Universal Nonseparation");
    // One request, named by the visitor cookie: the page (kept for many visitors, decision 100) holds no id.
    expect(sessionHeaders).toEqual([undefined]);

    fail = true;
    await planets.getByRole("link", { name: /Pluto/ }).click();
    await expect(
      page.getByText("Unable to generate personalized reading at this time. Please try again later."),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
});
