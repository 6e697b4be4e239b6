import { readFileSync } from "node:fs";
import path from "node:path";
import stylesheetUrl from "~/tailwind.css";

/**
 * The built stylesheet's text (public/build/_assets/tailwind-*.css), read once per build, for inlining in every
 * signed-out visitor's document (app/components/site-stylesheet.tsx). `</` is escaped so the text cannot close its <style> element.
 */
let text: string | null = null;

export function stylesheetText(): string {
  text ??= readFileSync(path.resolve("public", stylesheetUrl.replace(/^\//, "")), "utf8").replaceAll("</", "<\\/");
  return text;
}

/** The built stylesheet's address (hashed, served as immutable), linked by a signed-in member's documents. */
export const stylesheetHref: string = stylesheetUrl;
