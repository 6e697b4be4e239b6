import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

test.describe("home generator", () => {
  test("choosing a number shows the principle, affirmation, visual essence and relations", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Ten Universal Principles");
    await expect(page.getByLabel("Style")).toHaveValue("poetic");
    await expect(page.getByLabel("Content Length")).toHaveValue("detailed");
    await expect(page.getByText("0/30")).toBeVisible();
    await expect(page.getByRole("button", { name: /Universal/ })).toHaveCount(10);
    for (const href of ["/about", "/astrology", "/birth-date", "/forum"]) {
      await expect(page.getByRole("navigation", { name: "Explore" }).locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expectAccessible(page);

    await page.getByLabel("Keywords").fill("morning light");
    if (jsEnabled) await expect(page.getByText("13/30")).toBeVisible();
    await page.getByRole("button", { name: "3 Universal Joining" }).click();
    await expect(page).toHaveURL(/\?content=\d+/);
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Joining: / })).toBeVisible();
    if (jsEnabled) {
      // (without JavaScript the flash toast sits in <noscript>, which Chromium's script-disabled emulation does not render)
      await expect(page.getByText("Content Generated").first()).toBeVisible();
      await expect(page.getByText("Your personalized numerology insights are ready!").first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Your Affirmation" })).toBeVisible();
    await expect(page.getByText("“morning light”").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Generate New Insights" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh insights" })).toBeVisible();

    const relations = page.getByRole("region", { name: /How Universal Joining meets the others/ });
    await expect(relations.getByRole("button")).toHaveCount(10);
    await expect(relations.getByRole("button", { name: /3 · Universal Joining Current/ })).toBeVisible();
    await expect(relations.getByText(/^Joining sparks Change/)).toBeVisible();

    await page.getByRole("button", { name: "Show Visual Essence" }).click();
    const image = page.getByRole("img", { name: "Visual essence of Universal Joining" });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Hide Visual Essence" }).click();
    await expect(image).toHaveCount(0);

    // a relation card regenerates for its number
    await relations.getByRole("button", { name: /^8 · Universal Remembrance/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Remembrance: / })).toBeVisible();
    await expect(page.getByLabel("Keywords")).toHaveValue("morning light");
  });

  test("keys 0-9 choose a number unless typing (JavaScript)", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "keyboard shortcuts need JavaScript");
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Keywords").fill("");
    await page.getByLabel("Keywords").press("5");
    await expect(page.getByLabel("Keywords")).toHaveValue("5");
    await expect(page.getByRole("region", { name: /meets the others/ })).toHaveCount(0);
    await page.getByLabel("Keywords").fill("");
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("7");
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Harmony: / })).toBeVisible();
  });

  test("states: generating at once, finalizing after 1.5 s; a failed image shows the placeholder (JavaScript)", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "the states and the image error handler need JavaScript");
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    // hold the generation request until both states have been seen
    let released = false;
    let release = () => void (released = true);
    await page.route(
      (url) => url.pathname.endsWith(".data") && url.search.includes("index"),
      async (route) => {
        if (route.request().method() === "POST" && !released) {
          await new Promise<void>((resolve) => (release = () => void ((released = true), resolve())));
        }
        await route.continue();
      },
    );
    await page.route("**/visual-essence/**", (route) => route.abort());
    await page.getByRole("button", { name: "4 Universal Growth" }).click();
    const status = page.getByRole("status").filter({ hasText: /insights…/ });
    await expect(status).toHaveText("Generating your insights…");
    await expect(status).toHaveText("Finalizing your insights…", { timeout: 2000 });
    release();
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Growth: / })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh insights" })).toBeEnabled();
    await page.getByRole("button", { name: "Show Visual Essence" }).click();
    await expect(page.getByText("Visual essence unavailable")).toBeVisible();
  });

  test("changing the style saves it without regenerating", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    if (jsEnabled) {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith("/api/preferences") && r.request().method() === "POST",
      );
      await page.getByLabel("Style").selectOption("scientific");
      expect((await saved).status()).toBe(200);
      await expect(page).toHaveTitle(/^Style: Scientific/);
    } else {
      // without JavaScript the preferences travel with the form, or with its 'Save preferences' button
      await page.getByLabel("Style").selectOption("scientific");
      // the post answers with a redirect: wait for the page it leads to before reloading
      const landed = page.waitForResponse(
        (r) => r.request().resourceType() === "document" && r.request().method() === "GET",
      );
      await page.getByRole("button", { name: "Save preferences" }).click();
      await landed;
      await page.waitForLoadState("load");
    }
    await page.reload();
    await expect(page.getByLabel("Style")).toHaveValue("scientific");
    await expect(page.getByRole("region", { name: /meets the others/ })).toHaveCount(0);
  });

  test("screened keywords show the Content Alert with Try Again", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByLabel("Keywords").fill("fuck this");
    await page.getByRole("button", { name: "1 Universal Change" }).click();
    // a group named by its heading that takes the focus, not also an alert (decision 400)
    const alert = page.getByRole("group", { name: "Content Alert" });
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(alert).toContainText(
      "Content generation paused due to inappropriate keywords. Please revise your keywords and try again.",
    );
    await expect(alert.getByRole("button", { name: "Try Again" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Keywords").fill("kindness");
    await alert.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Universal Change: / })).toBeVisible();
  });
});

test.describe("angel numbers", () => {
  test("?number= prefills, decoding shows the reading, history reloads a saved reading", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/angel?number=777");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Angel Numbers");
    await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("777");
    if (jsEnabled) await expect(page).toHaveURL(/\/angel$/);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Decode Angel Message" }).click();
    await expect(page.getByRole("heading", { name: "Angel Number 777" })).toBeVisible();
    if (jsEnabled) await expect(page.getByText("Angel Number Decoded! ✨").first()).toBeVisible();
    await expect(page.getByText("7+7+7 = 21 → 2+1 = 3")).toBeVisible();
    await expect(page.getByText("3 · Universal Joining")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Universal Principles" })).toBeVisible();
    await expect(page.getByText("7 · Universal Harmony")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Angel number", { exact: true }).fill("1234");
    await page.getByRole("button", { name: "Decode Angel Message" }).click();
    await expect(page.getByRole("heading", { name: "Angel Number 1234" })).toBeVisible();
    await expect(page.getByText("1+2+3+4 = 10 → 1+0 = 1")).toBeVisible();

    const history = page.getByRole("region", { name: "Your Saved Readings" });
    await expect(history.getByRole("link")).toHaveCount(2);
    const requests: string[] = [];
    page.on("request", (r) => {
      if (/\/angel|\/api\//.test(new URL(r.url()).pathname)) requests.push(`${r.method()} ${r.url()}`);
    });
    await history.getByRole("link", { name: /^777/ }).click();
    await expect(page.getByRole("heading", { name: "Angel Number 777" })).toBeVisible();
    await expect(page).toHaveURL(/\?reading=\d+/);
    if (jsEnabled) {
      await expect(page.getByText("Previous Reading Loaded ✨").first()).toBeVisible();
      expect(requests, "a saved reading is shown without a new call").toEqual([]);
    }

    await page.getByRole("button", { name: "Generate Fresh Reading" }).click();
    await expect(page.getByRole("heading", { name: "Angel Number 777" })).toBeVisible();
    await expect(history.getByRole("link")).toHaveCount(3);
  });

  test("validation messages", async ({ page, jsEnabled }) => {
    await page.goto("/angel?number=12345");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("");
    await page.getByRole("button", { name: "Decode Angel Message" }).click();
    await expect(page.getByText("Enter a 1-4 digit number to get your personalized message.").first()).toBeVisible();
    await expect(page.getByText("Please enter an angel number").first()).toBeVisible();
    await page.getByLabel("Angel number", { exact: true }).fill("12a4");
    if (jsEnabled) {
      await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("124");
    } else {
      await page.getByRole("button", { name: "Decode Angel Message" }).click();
      await expect(page.getByText("Please enter a number between 1-4 digits (1-9999).")).toBeVisible();
    }
    await expectAccessible(page);
  });
});

test.describe("birth date analysis", () => {
  test("analyses a date: life path, primary principle, interactions and summary", async ({ page, jsEnabled }) => {
    await page.goto("/birth-date");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Birth Date Analysis");
    await expect(page.getByRole("link", { name: "← Back to About" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toBeVisible();
    await expectAccessible(page);
    const input = page.getByLabel("Birth date (MM/DD/YYYY)");
    if (jsEnabled) {
      await expect(page.getByRole("button", { name: "Analyze" })).toBeDisabled();
      await input.pressSequentially("3151990");
      await expect(input).toHaveValue("31/51/990");
      await input.fill("");
      await input.pressSequentially("03151990");
      await expect(input).toHaveValue("03/15/1990");
    } else {
      await input.fill("3/15/1990");
    }
    await page.getByRole("button", { name: "Analyze" }).click();
    await expect(page.getByRole("heading", { name: "Your Cosmic Blueprint for 03/15/1990" })).toBeVisible();
    await expect(page.getByText("Life path number: 1")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Primary Principle: 1 · Universal Change" })).toBeVisible();
    await expect(page.getByText(/Nonseparation shows Joining/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Life Path Summary" })).toBeVisible();
    await expectAccessible(page);
  });

  test("refuses dates that do not exist and empty input", async ({ page, jsEnabled }) => {
    await page.goto("/birth-date");
    await waitForHydration(page, jsEnabled);
    const input = page.getByLabel("Birth date (MM/DD/YYYY)");
    await input.fill("02/30/2020");
    await page.getByRole("button", { name: "Analyze" }).click();
    await expect(page.getByText("Invalid Date Format").first()).toBeVisible();
    await expect(page.getByText("Please enter a valid date (e.g., 01/01/2011)").first()).toBeVisible();
    if (!jsEnabled) {
      await page.getByLabel("Birth date (MM/DD/YYYY)").fill("");
      await page.getByRole("button", { name: "Analyze" }).click();
      await expect(page.getByText("Please enter your birth date")).toBeVisible();
    }
    await expectAccessible(page);
  });
});

test("universal numbers lists the ten principles", async ({ page }) => {
  await page.goto("/numbers");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Universal Numbers");
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(10);
  await expect(page.getByRole("heading", { name: "6: Universal Refinement of Pace" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Key principles of Universal Harmony" }).getByRole("listitem"),
  ).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Privacy Policy" }).first()).toBeVisible();
  await expectAccessible(page);
});
