import type { Page } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

/** Every page this domain owns: its <h1> and the links the spec lists for it. */
const PAGES: { path: string; heading: string; links: string[] }[] = [
  {
    path: "/about",
    heading: "About the Ten Principles",
    links: ["/nonduality", "/palindrome", "/octahedron", "/emotions", "/colors", "/birth-date", "/privacy?from=about"],
  },
  { path: "/colors", heading: "Numerical Colors and Elements", links: ["/about", "/emotions", "/privacy?from=colors"] },
  { path: "/nonduality", heading: "The Nondual Foundation", links: ["/colors", "/palindrome", "/about"] },
  {
    path: "/palindrome",
    heading: "The Sacred Palindrome",
    links: ["/nonduality", "/about", "/octahedron?from=palindrome"],
  },
  { path: "/octahedron", heading: "Octahedron Secrets", links: ["/about", "/seven-three-one", "/palindrome"] },
  { path: "/emotions", heading: "Emotional Creation", links: ["/colors", "/healing", "/about"] },
  {
    path: "/healing",
    heading: "Healing Through the Principles",
    links: ["/emotions", "/blog", "/privacy?from=healing"],
  },
  {
    path: "/seven-three-one",
    heading: "7 3 and 1 or Eleven",
    links: ["/blog", "/", "/octahedron", "/privacy?from=seven-three-one"],
  },
  {
    path: "/blog",
    heading: "Ontology Blog",
    links: [
      "/",
      "/seven-three-one",
      "/healing",
      "/octahedron",
      "/palindrome",
      "#fire-desire",
      "#forty-three",
      "/blog/fire-desire",
    ],
  },
  { path: "/privacy", heading: "Privacy Policy", links: [] },
  { path: "/blog/fire-desire", heading: "Fire / Desire", links: ["/blog", "/colors"] },
  {
    path: "/blog/base-10-is-especially-sacred",
    heading: "Base 10 Is Especially Sacred",
    links: ["/palindrome", "/octahedron"],
  },
];

/** Records every request that leaves the site's own origin. */
function watchThirdParty(page: Page) {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const base = new URL(test.info().project.use.baseURL!);
    if (!["data:", "blob:"].includes(url.protocol) && url.host !== base.host) foreign.push(request.url());
  });
  return foreign;
}

test.describe("teaching pages, blog and privacy", () => {
  for (const spec of PAGES) {
    test(`${spec.path}: 200, its heading, its links, axe clean, nothing third-party`, async ({ page, request }) => {
      const foreign = watchThirdParty(page);
      const response = await page.goto(spec.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.heading);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${spec.path.replace(/[/]/g, "\\/")}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/.{40,}/);
      const main = page.getByRole("main");
      for (const href of spec.links) await expect(main.locator(`a[href="${href}"]`).first(), href).toBeAttached();
      await expectAccessible(page);
      expect(foreign, "requests to third parties on load").toEqual([]);
      for (const href of spec.links.filter((h) => h.startsWith("/"))) {
        expect((await request.get(href)).status(), `${spec.path} → ${href}`).toBe(200);
      }
    });
  }

  test("the spec's quoted texts and facts are on their pages", async ({ page }) => {
    await page.goto("/palindrome");
    await expect(page.getByRole("main")).toContainText("986383689");
    await expect(page.getByRole("table")).toContainText("digit sum 60");
    await page.goto("/seven-three-one");
    await expect(page.getByText("Trinity of Complete Creation")).toBeVisible();
    for (const card of ["7 Harmony as Nothingness", "3 Unity as Particle", "1 Change"]) {
      await expect(page.getByRole("heading", { name: card })).toBeVisible();
    }
    for (const heading of ["The Mathematics of 999", "Trinity in Action"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    for (const sum of ["7+3+1=11", "0+9+1=10", "1+2+3=6", "11+10+6=27"])
      await expect(page.getByRole("main")).toContainText(sum);
    await expect(page.getByRole("link", { name: "Return to Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("link", { name: "Home" }).first()).toBeAttached();
    await expect(page.getByRole("main")).toContainText("2025");
    await page.goto("/colors");
    for (const colour of ["Black", "Red", "Yellow", "Blue", "Green", "Orange", "Indigo", "Violet", "Brown", "White"]) {
      await expect(page.getByRole("list", { name: "The ten colours" })).toContainText(colour);
    }
    for (const element of ["1 · Fire", "2 · Air", "3 · Water", "4 · Earth"]) {
      await expect(page.getByRole("heading", { name: element })).toBeVisible();
    }
    await expect(page.getByRole("list", { name: "The four elements" }).getByRole("link")).toHaveAttribute(
      "href",
      "/emotions",
    );
    await page.goto("/privacy");
    await expect(page.getByText("Last updated August 8, 2025")).toBeVisible();
  });

  test("the blog: teaser cards, featured images, dated posts, anchors", async ({ page }) => {
    await page.goto("/blog");
    const readMore = page.getByRole("link", { name: /Read Full Article/ });
    await expect(readMore).toHaveCount(2);
    await expect(readMore.nth(0)).toHaveAttribute("href", "/seven-three-one");
    await expect(readMore.nth(1)).toHaveAttribute("href", "/healing");
    await expect(page.locator("article#fire-desire")).toContainText("September 5, 2025");
    await expect(page.locator("article#forty-three")).toContainText("September 7, 2025");
    for (const day of [4, 5, 6, 7]) await expect(page.getByText(`September ${day}, 2025`).first()).toBeAttached();
    await expect(page.getByText(/August \d+, 2025/).first()).toBeAttached();
    const images = page.getByRole("main").locator("img");
    expect(await images.count()).toBeGreaterThan(5);
    await page.getByRole("navigation", { name: "Posts" }).getByRole("link", { name: "Fire / Desire" }).click();
    await expect(page).toHaveURL(/\/blog#fire-desire$/);
    await expect(page.getByRole("heading", { level: 2, name: "Fire / Desire" })).toBeInViewport();
    await page.getByRole("link", { name: "Back to Home" }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("long texts below the fold render when near (decision 118), and every way to a post's anchor lands on its heading", async ({
    page,
    jsEnabled,
  }) => {
    const contentVisibility = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).contentVisibility);
    await page.goto("/about");
    await waitForHydration(page, jsEnabled);
    const about = page.getByRole("article").locator(":scope > div.text-lg");
    expect(await about.count()).toBeGreaterThan(1);
    expect(await about.first().evaluate((element) => getComputedStyle(element).contentVisibility)).toBe("visible");
    expect(await about.nth(1).evaluate((element) => getComputedStyle(element).contentVisibility)).toBe("auto");
    await page.goto("/blog");
    await waitForHydration(page, jsEnabled);
    expect(await contentVisibility("article#remembrance-and-omniscience")).toBe("auto");

    // A post's heading sits under the page's scroll margin (6rem), wherever the posts above it were left unrendered.
    const landsOn = async (slug: string) => {
      const heading = page.locator(`#${slug}-title`);
      await expect(heading).toBeInViewport();
      await expect
        .poll(async () => Math.abs(((await heading.boundingBox())?.y ?? -1000) - 96), { message: slug })
        .toBeLessThan(24);
    };
    // a link in a post's text (a client navigation with JavaScript, which sets no :target)
    await page.locator('#four-three-six a[href="/blog#forty-three"]').click();
    await expect(page).toHaveURL(/\/blog#forty-three$/);
    await landsOn("forty-three");
    // the address itself
    await page.goto("/blog/fire-desire");
    await page.goto("/blog#remembrance-and-omniscience");
    await landsOn("remembrance-and-omniscience");
    // a post's "Back to Blog" link, to the last post, below all the others
    await page.goto("/blog/pythagorean-mathematical-wing");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: "← Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog#pythagorean-mathematical-wing$/);
    await landsOn("pythagorean-mathematical-wing");
  });

  test("an unknown post answers 404", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  });

  test("privacy ?from= shows a back link for the five known pages only", async ({ page }) => {
    const sources: Record<string, string> = {
      about: "/about",
      colors: "/colors",
      "birth-date": "/birth-date",
      healing: "/healing",
      "seven-three-one": "/seven-three-one",
    };
    for (const [from, to] of Object.entries(sources)) {
      await page.goto(`/privacy?from=${from}`);
      await expect(page.getByRole("main").getByRole("link", { name: /^← Back to/ })).toHaveAttribute("href", to);
    }
    for (const from of ["forum", "https://evil.example", ""]) {
      await page.goto(`/privacy?from=${encodeURIComponent(from)}`);
      await expect(page.getByRole("main").getByRole("link", { name: /^← Back to/ })).toHaveCount(0);
    }
    await page.goto("/about");
    await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy\?from=about$/);
    await page.getByRole("link", { name: "← Back to About" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("octahedron back link: /about directly, /palindrome after following the palindrome's link (session flag)", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/octahedron");
    await expect(page.getByRole("link", { name: "← Back to About" })).toHaveAttribute("href", "/about");
    await page.goto("/palindrome");
    await waitForHydration(page, jsEnabled);
    await page.getByRole("link", { name: /See the octahedron turn/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Octahedron Secrets");
    await expect(page.getByRole("link", { name: "← Back to the Sacred Palindrome" })).toHaveAttribute(
      "href",
      "/palindrome",
    );
    // A later visit with no referrer still remembers the flag for this browser session.
    await page.goto("about:blank");
    await page.goto("/octahedron");
    await expect(page.getByRole("link", { name: "← Back to the Sacred Palindrome" })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === "from_palindrome");
    expect(cookie?.expires).toBe(-1);
  });

  test("the site's own video loads nothing until played and has captions", async ({ page }) => {
    const videoRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/videos/")) videoRequests.push(r.url());
    });
    await page.goto("/octahedron");
    const video = page.locator("video");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video.locator("track[kind=captions]")).toHaveAttribute("src", "/videos/octahedron-turning.vtt");
    expect(videoRequests.filter((u) => u.endsWith(".webm"))).toEqual([]);
    for (const file of ["/videos/octahedron-turning.webm", "/videos/octahedron-turning.vtt"]) {
      expect((await page.request.get(file)).status()).toBe(200);
    }
  });
});

test.describe("the octahedron display", () => {
  const frame = (page: Page) =>
    page
      .getByRole("img", { name: /irregular octahedron/ })
      .first()
      .evaluate((el) => (el as HTMLCanvasElement).toDataURL());

  test("without JavaScript a static drawing stands in the canvas's place", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "the no-JS view");
    await page.goto("/octahedron");
    await expect(page.getByRole("img", { name: /^Drawing: An irregular octahedron with 8/ })).toBeVisible();
    await expect(page.locator("canvas")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Auto Spin/ })).toHaveCount(0);
  });

  test("800x320 canvas: auto spin animates, 'Stop Auto Spin' freezes it, drag turns it", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "needs JavaScript");
    await page.goto("/octahedron");
    await waitForHydration(page, jsEnabled);
    // The display's own canvas (the page also holds the 3D model viewer's canvas further down).
    const canvas = page.locator("canvas").and(page.getByRole("img", { name: /irregular octahedron/ }));
    await expect(canvas).toHaveAttribute("width", "800");
    await expect(canvas).toHaveAttribute("height", "320");
    const first = await frame(page);
    await expect.poll(() => frame(page), { message: "auto spin changes the frame" }).not.toBe(first);

    await page.getByRole("button", { name: "Stop Auto Spin" }).click();
    await expect(page.getByRole("button", { name: "Start Auto Spin" })).toBeVisible();
    await page.waitForTimeout(100);
    const stopped = await frame(page);
    await page.waitForTimeout(300);
    expect(await frame(page), "stopped: the frame holds still").toBe(stopped);

    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => frame(page), { message: "dragging turns the solid" }).not.toBe(stopped);
    const dragged = await frame(page);

    await canvas.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => frame(page), { message: "arrow keys turn it too" }).not.toBe(dragged);

    await page.getByRole("button", { name: "Start Auto Spin" }).click();
    const restarted = await frame(page);
    await expect.poll(() => frame(page), { message: "auto spin turns it again" }).not.toBe(restarted);
    await expectAccessible(page);
  });

  test("auto spin starts off when the visitor prefers reduced motion", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "needs JavaScript");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/octahedron");
    await waitForHydration(page, jsEnabled);
    await expect(page.getByRole("button", { name: "Start Auto Spin" })).toBeVisible();
    const still = await frame(page);
    await page.waitForTimeout(300);
    expect(await frame(page)).toBe(still);
  });
});

test.describe("sitemap, feed and robots", () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  test("sitemap.xml is valid XML listing every public page and post, each answering 200", async ({
    request,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "no browser involved: once is enough");
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const paths = (parser.parse(xml).urlset.url as { loc: string }[]).map((u) => new URL(u.loc).pathname);
    const blog = await (await request.get("/blog/rss.xml")).text();
    const posts = (parser.parse(blog).rss.channel.item as { link: string }[]).map((i) => new URL(i.link).pathname);
    expect(posts.length).toBeGreaterThanOrEqual(9);
    for (const path of [...PAGES.map((p) => p.path), ...posts, "/"]) expect(paths).toContain(path);
    for (const path of paths.filter((p) => p.startsWith("/blog") || PAGES.some((page) => page.path === p))) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  test("the RSS feed is valid XML with a dated item per post", async ({ request, jsEnabled }) => {
    test.skip(!jsEnabled, "no browser involved: once is enough");
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const items = parser.parse(xml).rss.channel.item as { title: string | number; pubDate: string; link: string }[];
    expect(items.map((i) => String(i.title))).toEqual(expect.arrayContaining(["Fire / Desire", "43 Not Two", "436"]));
    for (const item of items) {
      expect(new Date(item.pubDate).getUTCFullYear()).toBe(2025);
      expect((await request.get(new URL(item.link).pathname)).status()).toBe(200);
    }
  });

  test("/blog shows a link to its RSS feed, and every page names the feed in its head", async ({ page }) => {
    await page.goto("/blog");
    const link = page.getByRole("link", { name: "Follow the blog by RSS" });
    await expect(link).toBeVisible();
    expect(await link.getAttribute("href")).toBe("/blog/rss.xml");
    for (const path of ["/blog", "/", "/astrology"]) {
      await page.goto(path);
      await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        "href",
        "/blog/rss.xml",
      );
    }
    const feed = await page.request.get("/blog/rss.xml");
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  });

  test("robots.txt points to the sitemap", async ({ request, jsEnabled }) => {
    test.skip(!jsEnabled, "no browser involved: once is enough");
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    // Links name the public origin (PUBLIC_URL, by default http://localhost:PORT), never the address the test asked.
    expect(await response.text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  });
});
