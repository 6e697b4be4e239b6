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
    // the reading's page holds its number in the field, ready for a fresh reading (issue 47)
    await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("6116");
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
  await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("7227");
  await expectAccessible(page);
  expect(errors()).toEqual([]);
  // the reading's own address, opened afresh, holds its number in the field too (issue 47)
  await page.goto(page.url());
  await expect(page.getByRole("heading", { name: "Angel Number 7227" })).toBeVisible();
  await expect(page.getByLabel("Angel number", { exact: true })).toHaveValue("7227");
});

test("four-digit numbers and their dates stay inside the history's cells on a 360 px phone (issue 47)", async ({
  page,
  jsEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for (const number of ["8888", "7227", "4444", "1010", "9999"]) await decodeAngelNumber(page, jsEnabled, number);
  const history = page.getByRole("region", { name: "Your Saved Readings" });
  await expect(history.getByRole("link")).toHaveCount(5);
  // every cell's content inside its own box, every cell inside its column, and nothing wider than the screen
  const overflows = await history.evaluate((section) => {
    const found: string[] = [];
    const cells = [...section.querySelectorAll("li")];
    const list = section.querySelector("ul")!.getBoundingClientRect();
    for (const cell of cells) {
      const box = cell.getBoundingClientRect();
      const link = cell.querySelector("a")!;
      if (link.scrollWidth > link.clientWidth + 0.5)
        found.push(`${link.textContent}: ${link.scrollWidth} > ${link.clientWidth}`);
      for (const span of link.querySelectorAll("span")) {
        const inner = span.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(span);
        const text = range.getBoundingClientRect();
        if (text.left < box.left - 0.5 || text.right > box.right + 0.5 || inner.right > box.right + 0.5)
          found.push(
            `${span.textContent} runs out of its cell (${text.left}-${text.right} in ${box.left}-${box.right})`,
          );
      }
      if (box.right > list.right + 0.5) found.push(`${link.textContent} is past the list's edge`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    return found;
  });
  expect(overflows).toEqual([]);
  // still the spec's five columns
  const tops = await history
    .locator("li")
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  await expectAccessible(page);
});
