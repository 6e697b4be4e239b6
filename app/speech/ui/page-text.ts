import { NO_READABLE_CONTENT, speechTextFromHtml } from "~/speech/text";

/** The page's audio (`audio/mpeg`), for an `<audio src>` or a plain link. */
export function readAloudHref(pathWithSearch: string, voiceId: string): string {
  return `/read-aloud?${new URLSearchParams({ path: pathWithSearch, voice: voiceId })}`;
}

/** The page's sentence timings (WebVTT), for `<track kind="metadata">` beside the audio. */
export function readAloudVttHref(pathWithSearch: string, voiceId: string): string {
  return `/read-aloud.vtt?${new URLSearchParams({ path: pathWithSearch, voice: voiceId })}`;
}

/** The listen page: the audio with its transcript (the control without JavaScript, and before hydration). */
export function listenHref(pathWithSearch: string, voiceId: string): string {
  return `/listen?${new URLSearchParams({ path: pathWithSearch, voice: voiceId })}`;
}

/** What read-aloud would speak for the page shown: the text of its `<main>`. */
export function readPageText(pathname: string): string {
  const main = document.getElementById("main");
  return main ? speechTextFromHtml(main.outerHTML, pathname) : NO_READABLE_CONTENT;
}
