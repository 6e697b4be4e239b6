import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { forumPageCache } from "~/forum/page-cache.server";
import { NonceProvider } from "~/utils/nonce";
import { logServerError } from "~/utils/request-log.server";

export { startBackgroundWork, stopBackgroundWork } from "~/jobs/background.server";
/** server.ts answers signed-out visitors' forum pages from this cache before Remix runs. */
export const pageCache = forumPageCache;

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
        forumPageCache.offer(request, {
          status,
          headers: responseHeaders,
          body,
          nonce,
          startedAt: loadContext.pageCacheGeneration,
        });
        resolve(new Response(body, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
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
