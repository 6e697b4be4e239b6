import {
  expect,
  decodeAngelNumber,
  expectAccessible,
  keptAngelPage,
  test,
  waitForHydration,
  watchPage,
} from "./fixtures";

/**
 * Spec (section 8, angel numbers): a click on a saved reading shows it from the client's history without a server
 * call, with the toast 'Previous Reading Loaded ✨'. The kept angel page (decision 112) lists the readings as links;
 * with JavaScript the page fetches their data once it has hydrated, so the first click (and every later one) makes
 * no request, moves focus to the reading and announces it (decision 230). Without JavaScript the link is a page of
 * the server's showing the reading.
 */
test("the first click on a saved reading of the kept angel page shows it without a call", async ({
  page,
  jsEnabled,
}) => {
  const { errors } = watchPage(page);
  await decodeAngelNumber(page, jsEnabled, "6116");
  await decodeAngelNumber(page, jsEnabled, "7227");

  let listFetched = 0;
  page.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname === "/api/angel-numbers/saved") listFetched += 1;
  });
  await keptAngelPage(page);
  await waitForHydration(page, jsEnabled);
  const history = page.getByRole("region", { name: "Your Saved Readings" });
  await expect(history.getByRole("link")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: /^Angel Number \d/ })).toHaveCount(0);

  if (!jsEnabled) {
    await history.getByRole("link", { name: /^6116/ }).click();
    await expect(page).toHaveURL(/\/angel\?reading=\d+$/);
    await expect(page.getByRole("heading", { name: "Angel Number 6116" })).toBeVisible();
    await expect(history.getByRole("link", { name: /^6116/ })).toHaveAttribute("aria-current", "true");
    await expectAccessible(page);
    return;
  }

  // the list's data came with the page's load, before any click
  await expect.poll(() => listFetched).toBe(1);
  const calls: string[] = [];
  page.on("request", (request) => {
    if (["document", "fetch", "xhr"].includes(request.resourceType()))
      calls.push(`${request.method()} ${request.url()}`);
  });
  const announced = page.getByRole("region", { name: "Notifications (F8)" }).locator('[aria-live="polite"]');
  for (const number of ["6116", "7227"]) {
    await history.getByRole("link", { name: new RegExp(`^${number}`) }).click();
    await expect(page.getByRole("heading", { name: `Angel Number ${number}` })).toBeVisible();
    await expect(page).toHaveURL(/\/angel\?reading=\d+$/);
    await expect(page.getByText("Previous Reading Loaded ✨").first()).toBeVisible();
    await expect(announced).toContainText("Previous Reading Loaded ✨");
    await expect(announced).toContainText(`Angel Number ${number}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(`Angel Number ${number}`);
    await expect(history.getByRole("link", { name: new RegExp(`^${number}`) })).toHaveAttribute("aria-current", "true");
    expect(calls, `showing ${number} made no call to the server`).toEqual([]);
  }
  expect(listFetched).toBe(1);
  await expectAccessible(page);
  expect(errors()).toEqual([]);
});
