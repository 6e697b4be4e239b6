import { DRAWER_LINKS, TOP_BAR_LINKS } from "../../app/components/navigation";
import { TAGLINE } from "../../app/site";
import { expect, expectAccessible, test, waitForHydration, watchPage } from "./fixtures";

type RemixWindow = { __remixManifest: { routes: Record<string, unknown> } };

test.describe("the shared shell", () => {
  test("home shows the top bar, the footer and passes axe", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("navigation", { name: "Main" });
    for (const link of TOP_BAR_LINKS) {
      await expect(main.locator(`a[href="${link.to}"]`)).toHaveCount(1);
    }
    await expect(page.getByRole("contentinfo")).toContainText(TAGLINE);
    await expect(page.getByRole("contentinfo")).toContainText("2025");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main");
    await expect(page.getByRole("main")).toBeVisible();
    await expectAccessible(page);
  });

  test("every top bar link opens a page", async ({ page, jsEnabled }) => {
    for (const link of TOP_BAR_LINKS) {
      await page.goto(link.to === "/" ? "/numbers" : "/");
      await waitForHydration(page, jsEnabled);
      await page.getByRole("navigation", { name: "Main" }).locator(`a[href="${link.to}"]`).click();
      await expect(page).toHaveURL((url) => url.pathname === link.to);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toHaveCount(0);
      expect((await page.request.get(link.to)).status(), link.to).toBe(200);
    }
  });

  test("with JavaScript, shell links navigate in the page; a link to the current page scrolls to the top", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "client-side navigation needs JavaScript (without it every link is an ordinary link)");
    await page.goto("/about");
    await waitForHydration(page, jsEnabled);
    // A marker on window survives a client-side navigation and is lost on a full page load.
    await page.evaluate(() => ((window as unknown as { shellMarker: number }).shellMarker = 1));
    const main = page.getByRole("navigation", { name: "Main" });
    await main.locator('a[href="/forum"]').click();
    await expect(page).toHaveURL((url) => url.pathname === "/forum");
    await expect(page.getByRole("heading", { level: 1, name: "Community Forum" })).toBeVisible();
    await expect(main.locator('a[href="/forum"]')).toHaveAttribute("aria-current", "page");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/privacy");
    expect(await page.evaluate(() => (window as unknown as { shellMarker?: number }).shellMarker)).toBe(1);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL((url) => url.pathname === "/privacy");
    expect(await page.evaluate(() => (window as unknown as { shellMarker?: number }).shellMarker)).toBe(1);
  });

  test("the page starts with its own routes; the shell's links are discovered in one request after load, so following one waits for no manifest (decision 126)", async ({
    page,
    jsEnabled,
  }) => {
    const { scripts, errors } = watchPage(page);
    const discovery: string[] = [];
    const documents: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/__manifest") discovery.push(url.searchParams.getAll("p").join(" "));
      if (request.resourceType() === "document") documents.push(url.pathname);
    });
    const html = (await (await page.goto("/about"))!.text()).replace(/\s+/g, "");
    await waitForHydration(page, jsEnabled);
    // no page loads the whole route manifest: its own routes are inline in the document
    expect(scripts.filter((url) => url.includes("/manifest-"))).toEqual([]);
    expect(html).toContain('"routes/about":{');
    expect(html).not.toContain('"routes/privacy":{');
    if (!jsEnabled) {
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/privacy");
      expect(documents).toEqual(["/about", "/privacy"]); // an ordinary link
      expect(discovery).toEqual([]);
      await expectAccessible(page);
      return;
    }
    // the plain links of the shell (the footer's, the menu's) are marked for discovery like a router <Link>
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "data-discover",
      "true",
    );
    // One request names every link of the shell. (On a loaded machine a part of the page that renders later may
    // have its own links discovered in a second one; that is Remix's batching, not the shell's.)
    await expect.poll(() => discovery.length).toBeGreaterThanOrEqual(1);
    for (const link of [...TOP_BAR_LINKS.map((l) => l.to), "/privacy"])
      expect(discovery[0]!.split(" ")).toContain(link);
    const discovered = discovery.length;
    await expect
      .poll(() => page.evaluate(() => "routes/privacy" in (window as unknown as RemixWindow).__remixManifest.routes))
      .toBe(true);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/privacy");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(documents).toEqual(["/about"]); // in the page
    expect(discovery).toHaveLength(discovered); // and without asking for the route first
    expect(errors()).toEqual([]);
    await expectAccessible(page);
  });

  test("small screens label Emotions as Emotional Creation", async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto("/");
    const link = page.getByRole("navigation", { name: "Main" }).locator('a[href="/emotions"]');
    await expect(link).toHaveAccessibleName("Emotional Creation");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(link).toHaveAccessibleName("Emotions");
  });

  test("the menu panel opens and lists every link, privacy, tagline and copyright", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByText("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const link of [...TOP_BAR_LINKS, { to: "/privacy" }]) {
      await expect(menu.locator(`a[href="${link.to}"]`)).toBeVisible();
    }
    await expect(page.getByText(TAGLINE).first()).toBeVisible();
    await expectAccessible(page);
    await menu.locator('a[href="/privacy"]').click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("the side drawer opens: 320 px overlay on small screens, pushes the page by a third (max 384 px) on wide ones", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByText("Navigation drawer").click();
    const drawer = page.getByRole("navigation", { name: "Drawer" });
    await expect(drawer).toBeVisible();
    for (const link of DRAWER_LINKS) await expect(drawer.getByRole("link", { name: link.label })).toBeVisible();
    // The panel and the page's offset, measured once the 200 ms push transition has settled.
    const panelWidth = async () => Math.round((await page.locator(".site-drawer-panel").boundingBox())!.width);
    const pageOffset = async () => Math.round((await page.locator(".site-page").boundingBox())!.x);
    await expect.poll(panelWidth).toBe(320);
    await expect.poll(pageOffset).toBe(0); // overlays the page below 768 px

    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(panelWidth).toBe(300);
    await expect.poll(pageOffset).toBe(300);

    await page.setViewportSize({ width: 1500, height: 800 });
    await expect.poll(panelWidth).toBe(384);
    await expect.poll(pageOffset).toBe(384);
    await expectAccessible(page);

    await drawer.getByRole("link", { name: "Angel Numbers" }).click();
    await expect(page).toHaveURL(/\/angel$/);
  });

  test("the profile button leads visitors to /auth", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("an unknown path answers 404 with the spec's texts", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectAccessible(page);
  });

  test("health and readiness endpoints answer", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("a page's modules are requested after its first contentful paint, then it hydrates (decision 110)", async ({
    page,
    request,
    jsEnabled,
  }) => {
    // No modulepreload link in the document: the browser would fetch the modules while it parses, before the paint.
    const html = await (await request.get("/numbers")).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(req.url());
    });
    await page.goto("/numbers");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForHydration(page, jsEnabled);
    if (!jsEnabled) {
      expect(scripts).toEqual([]);
      return;
    }
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      modules: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/build/"))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
      hydrated: "__remixRouter" in window,
    }));
    expect(timing.fcp).not.toBeNull();
    expect(timing.modules.length).toBeGreaterThan(2);
    for (const module of timing.modules) expect(module.start, module.url).toBeGreaterThanOrEqual(timing.fcp!);
    expect(timing.hydrated).toBe(true);
  });

  test("the modulepreload links are added a few at a time, each slice its own task (decision 121)", async ({
    page,
    jsEnabled,
  }) => {
    // Each MutationObserver callback holds the links one task added (it runs when that task's script yields). The
    // page's clock runs a millisecond further at each reading, as on a slow phone, whatever this machine's speed: a
    // 20x CPU throttle alone left a quiet machine adding every link within one 4 ms slice.
    await page.addInitScript(() => {
      const realNow = performance.now.bind(performance);
      let readings = 0;
      performance.now = () => realNow() + ++readings;
      const slices: number[] = [];
      Object.assign(window, { __preloadSlices: slices });
      new MutationObserver((records) => {
        const added = records.flatMap((record) => [...record.addedNodes]);
        const links = added.filter((node) => node instanceof HTMLLinkElement && node.rel === "modulepreload");
        if (links.length) slices.push(links.length);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/numbers");
    await waitForHydration(page, jsEnabled);
    const { slices, links } = await page.evaluate(() => ({
      slices: (window as unknown as { __preloadSlices?: number[] }).__preloadSlices ?? [],
      links: document.querySelectorAll('link[rel="modulepreload"]').length,
    }));
    if (!jsEnabled) {
      expect(slices).toEqual([]);
      return;
    }
    expect(links).toBeGreaterThan(5);
    expect(slices.reduce((sum, count) => sum + count, 0)).toBe(links);
    expect(slices.length).toBeGreaterThan(1);
  });

  test("pages carry a CSP with a nonce and no third-party origin", async ({ request }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const html = await response.text();
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    for (const script of html.match(/<script[^>]*>/g) ?? []) expect(script).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/src="https?:\/\//);
  });
});
