import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page, type Response, type Route } from "@playwright/test";
import { generate } from "otplib";

/**
 * Shared browser-test helpers. Every page test calls `expectAccessible(page)`: axe must find no WCAG 2.0/2.1
 * A or AA violation. `jsEnabled` tells a test which project (JavaScript on or off) it runs in.
 */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };

export async function expectAccessible(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  // Audit the whole document: a streamed page can show its first parts before the rest has arrived.
  await page.waitForLoadState("load");
  const { target, close } = await axeTarget(page);
  try {
    let builder = new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
    if (options.include) builder = builder.include(options.include);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const results = await builder.analyze();
    const summary = results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join("\n    ")}`,
    );
    expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    await close();
  }
}

/**
 * axe runs as a script in the page, which a JavaScript-disabled page cannot do. For the no-JS project the page's
 * DOM exactly as the browser built it (open <details>, <noscript> content as plain elements, no scripts) is loaded into a
 * scripting context of the same size, with the same styles, and audited there.
 */
async function axeTarget(page: Page): Promise<{ target: Page; close: () => Promise<void> }> {
  if (test.info().project.use.javaScriptEnabled !== false) return { target: page, close: async () => {} };
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<(\/?)noscript>/gi, "<$1div>");
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
  });
  const copy = await context.newPage();
  await copy.route("**/*", (route) =>
    route.request().resourceType() === "document" && route.request().url() === page.url()
      ? route.fulfill({ body: html, contentType: "text/html; charset=utf-8" })
      : route.continue(),
  );
  await copy.goto(page.url());
  return { target: copy, close: () => context.close() };
}

/** A flash toast: a Radix toast with JavaScript; without, the status block the server renders in the page. */
export async function expectToast(page: Page, jsEnabled: boolean, text: string) {
  if (jsEnabled) await expect(page.getByText(text).first()).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

/** Waits until Remix has hydrated the page (no-op without JavaScript), so clicks reach React handlers. */
export async function waitForHydration(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) return;
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  await page.waitForLoadState("networkidle");
}

/**
 * Creates a member straight in the database (through the accounts domain) and returns its credentials.
 * Usernames are unique per call, so tests running in parallel never collide.
 */
export async function createMember(overrides: { username?: string; email?: string | null; password?: string } = {}) {
  const { createUser } = await import("../../app/accounts/users.server");
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = overrides.username ?? `member_${suffix}`;
  const password = overrides.password ?? "Passw0rd!x";
  const email = overrides.email === undefined ? `${username}@example.test` : overrides.email;
  const user = await createUser({ username, email, password, isEmailVerified: true });
  return { ...user, password };
}

/** Signs the browser context in as the member by setting the session cookie (no login form round trip). */
/**
 * Gives a member the admin role (what `npm run make-admin` does) and, as every admin must have one to reach an admin
 * page (decision 291), a second factor switched on, unless `secondFactor: false`. Returns the TOTP key (or null).
 */
export async function makeAdmin(userId: number, { secondFactor = true } = {}): Promise<string | null> {
  const { db } = await import("../../db/client.server");
  const { users, userTotp } = await import("../../db/schema");
  const { eq, sql } = await import("drizzle-orm");
  await db.update(users).set({ role: "admin" }).where(eq(users.id, userId));
  if (!secondFactor) return null;
  const { generateSecret } = await import("otplib");
  const { encryptSecret } = await import("../../app/accounts/two-factor.server");
  const secret = generateSecret({ length: 20 });
  await db.insert(userTotp).values({ userId, secretEncrypted: encryptSecret(secret), enabledAt: sql`now()` });
  return secret;
}

/** An admin whose second factor is on (set up through the accounts domain), and its key. */
export async function enrolledAdmin() {
  const { startEnrolment, pendingEnrolment, confirmEnrolment } = await import("../../app/accounts/two-factor.server");
  const admin = await createMember();
  await makeAdmin(admin.id, { secondFactor: false });
  await startEnrolment(admin.id);
  const { secret } = (await pendingEnrolment(admin))!;
  // a code of the step before (accepted), so the sign-in's code is of a later step
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
  expect((await confirmEnrolment({ user: admin, code })).ok).toBe(true);
  return { admin, secret };
}

/** Signs in through the sign-in page's form, as a visitor does: /auth, hydrated (with JavaScript), name, password, Sign In. */
export async function submitSignIn(page: Page, jsEnabled: boolean, who: { username: string; password: string }) {
  await page.goto("/auth");
  await waitForHydration(page, jsEnabled);
  await page.getByLabel("Username or email").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signIn(page: Page, userId: number) {
  const { createUserSession } = await import("../../app/accounts/session.server");
  const setCookie = await createUserSession(userId);
  const [pair] = setCookie.split(";");
  const [name, ...value] = pair!.split("=");
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: name!, value: value.join("="), url: baseURL }]);
}

/** The `pathname?token=…` link of the newest mail to `to` in the e2e server's outbox. */
export async function outboxLink(to: string, pathname: string): Promise<string> {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  for (let attempt = 0; attempt < 20; attempt++) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), "utf8")) as { to: string; text: string };
      const match = mail.to === to ? mail.text.match(new RegExp(`https?://\\S+(${pathname}\\?token=\\S+)`)) : null;
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${pathname} mail to ${to}`);
}

/**
 * Records the scripts the page fetches (their paths) and the errors it logs; `errors()` leaves out the browser's
 * own line for a 4xx answer the test asked for.
 */
export function watchPage(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { scripts, errors: () => errors.filter((text) => !/Failed to load resource.*40\d/.test(text)) };
}

/** Holds the chunk whose file name starts with `name` until `release` is called. */
export async function holdChunk(page: Page, name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(new RegExp(`/${name}-[A-Z0-9]+\\.js$`), async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/**
 * Types `text` into the field at `selector` the moment React commits the hydration of the part holding it (a part
 * hydrated on first use, decisions 109 and 125), before any later task of React's runs: what a fast typist's keys
 * meet when they arrive just as the part's code has hydrated it. React calls its DevTools hook after each commit
 * (`onCommitFiberRoot`); a stand-in for the hook, installed before the page's scripts, waits for the commit after
 * which the field belongs to React (its fiber is on it) and, once that commit's work is done (a microtask: before
 * any task React scheduled), sends each key as the browser does (keydown, the new value, input, keyup). Call before `page.goto`; `typed()` is the field's value just after, null until then.
 */
export async function typeWhenHydrated(page: Page, selector: string, text: string) {
  await page.addInitScript(
    ({ selector, text }) => {
      const state = window as unknown as { __typedWhenHydrated?: string };
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      let scheduled = false;
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: () => {
          const field = document.querySelector<HTMLInputElement>(selector);
          if (scheduled || !field) return;
          if (!Object.keys(field).some((key) => key.startsWith("__reactFiber$"))) return;
          scheduled = true;
          // once the commit's work is done (the task's microtasks), before React's next task
          queueMicrotask(() => {
            for (const key of text) {
              field.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
              setValue.call(field, field.value + key);
              field.dispatchEvent(new InputEvent("input", { data: key, inputType: "insertText", bubbles: true }));
              field.dispatchEvent(new KeyboardEvent("keyup", { key, bubbles: true, cancelable: true }));
            }
            state.__typedWhenHydrated = field.value;
          });
        },
      };
    },
    { selector, text },
  );
  return {
    typed: () =>
      page.evaluate(() => (window as unknown as { __typedWhenHydrated?: string }).__typedWhenHydrated ?? null),
  };
}

/**
 * On a model's status page (/3d-viewer/{urn}), presses 'Check again' until `ready` shows (the page also reloads
 * itself, but only every 20 s, decision 142).
 */
export async function checkUntilConverted(page: Page, ready: Locator, timeout = 30_000) {
  const until = Date.now() + timeout;
  const again = page.getByRole("button", { name: "Check again" });
  while (!(await ready.isVisible())) {
    if (Date.now() > until) throw new Error("the model was not converted in time");
    await page.waitForTimeout(500);
    // The button goes when the page shows the model (or reloads itself) between the look and the press: a press
    // that finds no button is not a failure; the loop looks again.
    if (await again.isVisible()) await again.click({ timeout: 2_000 }).catch(() => {});
  }
}

/**
 * What a WebGL canvas shows, counted in the page: pixels unlike `background` (summed channel difference over 30),
 * among them those at the canvas's edge (2 px; a model cut by the frame reaches it), those clearly lighter or
 * darker than the background (luminance ±40), and those whose chromaticity is within 0.08 of `tint` (a colour
 * under any amount of light).
 */
export async function canvasPixels(
  canvas: Locator,
  background: string,
  tint: [number, number, number] = [1, 1, 1],
): Promise<{ drawn: number; atEdge: number; lighter: number; darker: number; tinted: number }> {
  const bg = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16)) as [number, number, number];
  return canvas.evaluate(
    (node, { bg, tint }) => {
      const source = node as HTMLCanvasElement;
      const copy = document.createElement("canvas");
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext("2d")!;
      context.drawImage(source, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
      const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const bgLuminance = luminance(bg[0], bg[1], bg[2]);
      const tintSum = tint[0] + tint[1] + tint[2];
      const counts = { drawn: 0, atEdge: 0, lighter: 0, darker: 0, tinted: 0 };
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
          if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) <= 30) continue;
          counts.drawn++;
          if (x < 2 || y < 2 || x >= width - 2 || y >= height - 2) counts.atEdge++;
          const l = luminance(r, g, b);
          if (l > bgLuminance + 40) counts.lighter++;
          if (l < bgLuminance - 40) counts.darker++;
          const sum = r + g + b || 1;
          const distance = Math.hypot(
            r / sum - tint[0] / tintSum,
            g / sum - tint[1] / tintSum,
            b / sum - tint[2] / tintSum,
          );
          if (distance < 0.08) counts.tinted++;
        }
      }
      return counts;
    },
    { bg, tint },
  );
}

/** Holds every script of the build (/build/…) until `release` is called: the page as it is before hydration. */
export async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/build\/.*\.js$/, async (route: Route) => {
    held++;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

/** Decodes an angel number on /angel (a saved reading of the page's visitor). */
export async function decodeAngelNumber(page: Page, jsEnabled: boolean, number: string) {
  await page.goto(`/angel?number=${number}`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: "Decode Angel Message" }).click();
  await expect(page.getByRole("heading", { name: `Angel Number ${number}` })).toBeVisible();
}

/** Views /angel until it comes from memory (the first view may be the one that renders and keeps the page). */
export async function keptAngelPage(page: Page): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    // The cache is warmed with the page's own cookies outside the tab, so that the tab loads the page once: a load
    // that was not from the cache would run its scripts (and their requests) beside the one that is.
    const warm = await page.request.get("/angel", { headers: { accept: "text/html" } });
    if (warm.headers()["x-page-cache"] !== "hit") continue;
    const response = await page.goto("/angel");
    if (response?.headers()["x-page-cache"] === "hit") return response;
  }
  throw new Error("/angel was never served from the page cache");
}
