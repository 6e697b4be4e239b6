import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { astrologyPages } from "~/astrology/page-cache.server";
import { TAB_COOKIE } from "~/astrology/tab";
import { StylesheetProvider } from "~/components/inline-stylesheet";
import { contentPages } from "~/content/page-cache.server";
import { forumPages } from "~/forum/page-cache.server";
import { angelPage, homePage, numerologyPages } from "~/numerology/page-cache.server";
import { COOKIES } from "~/utils/cookies";
import { env } from "~/utils/env.server";
import { NonceProvider } from "~/utils/nonce";
import { createPageCache } from "~/utils/page-cache.server";
import { logServerError } from "~/utils/request-log.server";
import { stylesheetText } from "~/utils/stylesheet.server";

export { startBackgroundWork, stopBackgroundWork } from "~/jobs/background.server";

/**
 * server.ts answers signed-out visitors' public pages from this cache before Remix runs (decisions 025, 100).
 * The astrology tab cookie is neutral (the astrology pages are keyed by it; it is replayed with them).
 */
export const pageCache = createPageCache({
  sections: [contentPages, numerologyPages, homePage, angelPage, astrologyPages, forumPages],
  ttlSeconds: env.PAGE_CACHE_SECONDS,
  neutralCookies: [COOKIES.visitor.name, TAB_COOKIE],
  replayCookies: [TAB_COOKIE],
});

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Every page is rendered whole and sent in one piece (decision 005). No loader defers data, so streaming the
 * document would not make any of it arrive sooner; it only cost CPU: React's chunks went through a PassThrough,
 * a web ReadableStream and back into the socket one by one, about a third of a simple page's server time.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.byteLength));
        pageCache.finish(request, loadContext.pageCache, { status, headers: responseHeaders, body, nonce });
        resolve(new Response(body, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheetText()}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          // A component that throws after the shell: React renders its boundary's fallback; the page is a 500.
          status = 500;
          logServerError(loadContext.requestId, request, error);
        },
      },
    );
    const timeout = setTimeout(abort, ABORT_DELAY);
  });
}

/** Errors Remix caught (server/guard-build.ts already logged the loaders' and actions'): detail to the log only. */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  logServerError(context?.requestId, request, error);
}
