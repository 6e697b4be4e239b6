import { NO_READABLE_CONTENT, speechTextFromHtml } from "~/speech/text";

/** The page's audio as a plain link (the control without JavaScript, and before hydration). */
export function readAloudHref(pathWithSearch: string, voiceId: string): string {
  return `/read-aloud?${new URLSearchParams({ path: pathWithSearch, voice: voiceId })}`;
}

/** What read-aloud would speak for the page shown: the text of its `<main>`. */
export function readPageText(pathname: string): string {
  const main = document.getElementById("main");
  return main ? speechTextFromHtml(main.outerHTML, pathname) : NO_READABLE_CONTENT;
}
