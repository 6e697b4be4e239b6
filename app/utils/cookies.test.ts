import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COOKIES, formatLifetime } from "./cookies";

/** Every source file of the app, and the server entry. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the cookie registry", () => {
  it("is the only place that names a cookie: every setter reads its name from it", () => {
    const root = path.resolve(__dirname, "../..");
    const files = [...sources(path.join(root, "app")), path.join(root, "server.ts")].filter(
      (f) => !f.endsWith(path.join("utils", "cookies.ts")),
    );
    const literalNames = [
      /createCookie\(\s*["'`]/, // createCookie("name", …)
      /createCookieSessionStorage[\s\S]{0,200}?name:\s*["'`]/, // a session cookie named in place
      /["']Set-Cookie["']\s*:\s*["'`]/, // a hand-written Set-Cookie header
      /document\.cookie\s*=\s*["'`]/, // a cookie written by a script
    ];
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return literalNames.filter((re) => re.test(text)).map((re) => `${path.relative(root, file)}: ${re}`);
    });
    expect(offenders).toEqual([]);
  });

  it("gives every cookie a purpose and a lifetime in words", () => {
    for (const cookie of Object.values(COOKIES)) {
      expect(cookie.purpose.length, cookie.name).toBeGreaterThan(20);
    }
    expect(formatLifetime(COOKIES.session)).toBe("60 days, or until you sign out");
    expect(formatLifetime(COOKIES.visitor)).toBe("1 year");
    expect(formatLifetime(COOKIES.toast)).toBe("1 minute");
    expect(formatLifetime(COOKIES.recoverySent)).toBe("10 minutes");
    expect(formatLifetime(COOKIES.emailPromptLater)).toBe("until you close the browser");
  });
});
