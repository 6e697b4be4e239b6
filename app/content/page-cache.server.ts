import type { PageSection } from "~/page-cache/section";

/**
 * The blog and the teaching pages: Markdown loaded once per build (decision 060), the same for every signed-out
 * visitor, so a page is kept until the process (the build) changes or the cache's age limit passes (decision 100).
 * /privacy's back link comes from its query string, which is part of the key. The octahedron page is not here:
 * its back link follows the Referer and a cookie.
 */
export const contentPages: PageSection = {
  name: "content",
  paths: [
    /^\/about\/?$/,
    /^\/blog\/?$/,
    /^\/blog\/[^/]+$/,
    /^\/(colors|emotions|healing|nonduality|seven-three-one|palindrome|privacy)\/?$/,
  ],
  shared: true,
};
