import type { AppLoadContext, ServerBuild } from "@remix-run/node";

/**
 * Renders one of the app's own pages in-process, as the visitor would get it (their cookies are forwarded, so a
 * member hears their own page), for `/read-aloud`. No network hop: the Remix handler is called directly with the
 * server build. The user agent marks the request as a bot so the whole document is rendered at once (no
 * streaming fallbacks).
 */
const MAX_REDIRECTS = 3;
export const READ_ALOUD_USER_AGENT = "ReadAloudBot/1.0 (internal page reader)";

type Handler = (request: Request, context?: AppLoadContext) => Promise<Response>;
let handler: Promise<Handler> | undefined;

async function remixHandler(): Promise<Handler> {
  handler ??= (async () => {
    const [{ createRequestHandler }, build] = await Promise.all([
      import("@remix-run/node"),
      import("@remix-run/dev/server-build") as unknown as Promise<ServerBuild>,
    ]);
    return createRequestHandler(build, build.mode) as Handler;
  })();
  return handler;
}

/** Paths read-aloud will render: local pages, never itself (nor its transcript page), the API or assets. */
export function isReadablePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  return (
    !/^\/(read-aloud|read-aloud\.vtt|listen|api|build|resources)(\/|\?|$)/.test(path) &&
    !/\.[a-z0-9]+($|\?)/i.test(path.split("#")[0]!)
  );
}

export type RenderedPage = { ok: true; html: string; status: number; pathname: string } | { ok: false; status: number };

export async function renderLocalPage({
  path,
  request,
  context,
  anonymous = false,
}: {
  path: string;
  request: Request;
  context: AppLoadContext;
  /** as a visitor without cookies gets it (what everyone may hear), not as this visitor does */
  anonymous?: boolean;
}): Promise<RenderedPage> {
  const handle = await remixHandler();
  let url = new URL(path, request.url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const headers = new Headers({ Accept: "text/html", "User-Agent": READ_ALOUD_USER_AGENT });
    const cookie = anonymous ? null : request.headers.get("Cookie");
    if (cookie) headers.set("Cookie", cookie);
    const response = await handle(new Request(url, { headers, signal: request.signal }), context);
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== url.origin || !isReadablePath(next.pathname)) return { ok: false, status: 404 };
      url = next;
      continue;
    }
    if (!(response.headers.get("Content-Type") ?? "").includes("text/html")) {
      await response.body?.cancel();
      return { ok: false, status: 404 };
    }
    return { ok: true, html: await response.text(), status: response.status, pathname: url.pathname };
  }
  return { ok: false, status: 404 };
}
