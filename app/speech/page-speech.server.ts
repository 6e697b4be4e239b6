import type { AppLoadContext } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { isReadablePath, renderLocalPage } from "./page-html.server";
import { speechTextFromHtml } from "./text";
import { speak, type SpeechResult } from "./tts.server";
import { DEFAULT_VOICE_ID, findVoice } from "./voices";

/**
 * One of the site's pages spoken for a visitor: the page rendered for them (their cookies), its text prepared as
 * the browser prepares it, and the clip with its sentence timings from the cache or the provider. Shared by the
 * audio (`/read-aloud`), its timings (`/read-aloud.vtt`) and the transcript page (`/listen`), which all answer
 * the same clip for the same query.
 */
export type PageSpeech =
  | (Extract<SpeechResult, { ok: true }> & { path: string; voiceId: string })
  | { ok: false; status: number; error: string; retryAfterSeconds?: number };

export function pageSpeechQuery(url: URL): { path: string; voiceId: string } {
  return {
    path: url.searchParams.get("path") || "/",
    voiceId: url.searchParams.get("voice") || DEFAULT_VOICE_ID,
  };
}

export async function speakPage({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}): Promise<PageSpeech> {
  const { path, voiceId } = pageSpeechQuery(new URL(request.url));
  if (!isReadablePath(path)) {
    return { ok: false, status: 400, error: "The path must be one of this site's pages, such as /about." };
  }
  if (!findVoice(voiceId)) {
    return { ok: false, status: 400, error: `Unknown voice: ${voiceId}. Choose a voice from the catalogue.` };
  }
  const page = await renderLocalPage({ path, request, context });
  if (!page.ok) return { ok: false, status: 404, error: "That page cannot be read aloud." };
  const text = speechTextFromHtml(page.html, page.pathname);
  const keep = await isPublicText({ text, path, request, context });
  const result = await speak({ text, voiceId, person: await personOf(request, context), keep });
  if (!result.ok) return result;
  return { ...result, path, voiceId };
}

/**
 * Whether a page's text, as this visitor got it, is what every visitor gets (decision 298): only then may its clip be
 * kept in the shared speech cache (and so in backups). A page read with cookies (a member's profile with their
 * address, their birth data; a visitor's own readings) is rendered once more without them and compared; a page that
 * differs is private, spoken for this request and kept nowhere.
 */
async function isPublicText({
  text,
  path,
  request,
  context,
}: {
  text: string;
  path: string;
  request: Request;
  context: AppLoadContext;
}): Promise<boolean> {
  if (!request.headers.get("Cookie")) return true;
  const everyone = await renderLocalPage({ path, request, context, anonymous: true });
  return everyone.ok && speechTextFromHtml(everyone.html, everyone.pathname) === text;
}
