import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { pageCache } from "~/assembly/page-sections.server";
import { ServerMemoProvider } from "~/components/server-memo";
import { renderOnce } from "~/components/server-memo.server";
import { StylesheetProvider } from "~/components/site-stylesheet";
import { documentSink } from "~/utils/document-sink.server";
import { NonceProvider } from "~/utils/nonce";
import { logServerError } from "~/utils/request-log.server";
import { stylesheetHref, stylesheetText } from "~/utils/stylesheet.server";

/**
 * What server.ts takes from the build (decision 103): the build is the one copy of the app's modules in the
 * process, so the server's middleware, the database pool and the settings it reads are the ones the routes use.
 */
export { closePool, isDatabaseReachable, startDatabaseMonitor } from "#db/client.server";
export { startBackgroundWork, stopBackgroundWork } from "~/assembly/background.server";
export { env, isProduction } from "~/utils/env.server";
export { guardBuild } from "~/utils/guard-build.server";
export { cspNonce } from "~/utils/random-pool.server";
export { answerDatabaseOutages, logDroppedQueries, retryAfterOn503 } from "~/utils/outage.server";
export { withCheckedBodies } from "~/utils/request-body.server";
export { hostForRemixOriginCheck } from "~/utils/request-guard.server";
export { shareReadsPerPageView } from "~/utils/request-reads.server";
export {
  allowServedMethods,
  drainUnreadBody,
  errorAnswer,
  guardCacheControl,
  paceResponses,
  requestId,
  requestLog,
  requireOriginForm,
} from "~/utils/request-edge.server";
export {
  applyConnectionTimeouts,
  closeConnectionsWhileDraining,
  installGracefulShutdown,
  isDraining,
  noteReadinessAnswer,
} from "~/utils/shutdown.server";
export { pageCache };

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
    // React writes the document into this sink (NUL-free, decision 270) and ends it once (decision 111).
    const document = documentSink((collected) => {
      const rendered = closeDocumentLast(collected);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // The page cache may keep it, and fills in the visitor's own parts of a kept page's template (decision 112).
      pageCache
        .finish(request, loadContext.pageCache, { status, headers: responseHeaders, body: rendered, nonce })
        .then((body) => {
          responseHeaders.set("Content-Length", String(body.byteLength));
          resolve(new Response(body, { headers: responseHeaders, status }));
        }, reject);
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={{ css: stylesheetText(), href: stylesheetHref }}>
          <ServerMemoProvider value={renderOnce}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </ServerMemoProvider>
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          pipe(document as unknown as Writable);
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

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * Nothing after `</html>` (decision 152). RemixServer renders single fetch's data scripts (the stream transfer, in
 * Suspense boundaries) as siblings of the whole document, so React writes them after `</html>`: browsers move
 * them into the body as they parse, validators stop at "Stray start tag script". They go before `</body>`, where
 * the browser put them anyway, so the document the browser builds, and hydrates, is the same.
 */
function closeDocumentLast(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = page.lastIndexOf(DOCUMENT_END);
  if (at < 0 || at + DOCUMENT_END.length === page.length) return page;
  return Buffer.concat([page.subarray(0, at), page.subarray(at + DOCUMENT_END.length), DOCUMENT_END]);
}

/** Errors Remix caught (app/utils/guard-build.server.ts already logged the loaders' and actions'): detail to the log only. */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  logServerError(context?.requestId, request, error);
}
