import type { ActionFunction, AppLoadContext, LoaderFunction, ServerBuild } from "@remix-run/node";
import { rateLimitVerdicts, retryAfterHeaders } from "~/utils/rate-limit.server";
import {
  checkWrite,
  readBodyWithinLimit,
  refusalResponse,
  TOO_LARGE_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
  writeKindOf,
} from "~/utils/request-guard.server";
import { logServerError, unexpectedErrorMessage } from "~/utils/request-log.server";
import { cacheControl } from "./cache-control";

/**
 * The Remix build as the server runs it: every route's action behind the write checks (same origin, content
 * type, body size; decisions 081, 082), and every loader and action behind one error answer (decision 084).
 *
 * Why here and not in an Express middleware: a refused form post must be answered with the site's own error page
 * (the route's ErrorBoundary inside the shell), which only Remix can render. An action that throws a Response
 * gets exactly that for a document, the Response itself for a resource route (`{ error }` for /api/*), and an
 * error for a single-fetch request; and no action can run, or read its body, before the checks.
 */
type RouteArgs = Parameters<ActionFunction>[0];
type Handler = (args: RouteArgs) => ReturnType<ActionFunction>;

function isThrownAnswer(value: unknown): boolean {
  // A Response (redirects, 4xx) or Remix's data() with a status: meant for the visitor, passed on as they are.
  return (
    value instanceof Response ||
    (typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit")
  );
}

function requestIdOf(context: AppLoadContext | undefined): string | undefined {
  return (context as { requestId?: string } | undefined)?.requestId;
}

/** A 429 without Retry-After gets the wait the refusing limiter noted (app/utils/rate-limit.server.ts). */
function withRetryAfter<T>(value: T, retryAfterSeconds: number): T {
  if (retryAfterSeconds <= 0) return value;
  if (value instanceof Response) {
    if (value.status === 429 && !value.headers.has("Retry-After")) {
      value.headers.set("Retry-After", retryAfterHeaders(retryAfterSeconds)["Retry-After"]!);
    }
    return value;
  }
  const answer = value as { type?: string; init?: ResponseInit | null } | null;
  if (answer && typeof answer === "object" && answer.type === "DataWithResponseInit" && answer.init?.status === 429) {
    const headers = new Headers(answer.init.headers);
    if (!headers.has("Retry-After")) headers.set("Retry-After", retryAfterHeaders(retryAfterSeconds)["Retry-After"]!);
    answer.init = { ...answer.init, headers };
  }
  return value;
}

async function withVerdict(handler: Handler, args: RouteArgs) {
  const verdict = { retryAfterSeconds: 0 };
  try {
    return withRetryAfter(await rateLimitVerdicts.run(verdict, () => handler(args)), verdict.retryAfterSeconds);
  } catch (thrown) {
    throw withRetryAfter(thrown, verdict.retryAfterSeconds);
  }
}

/** Unexpected failures are logged with the request id and answered without their detail. */
function withErrorAnswer(handler: Handler, kind: "document" | "resource"): Handler {
  return async (args) => {
    try {
      return await withVerdict(handler, args);
    } catch (error) {
      if (isThrownAnswer(error) || args.request.signal.aborted) throw error;
      const requestId = requestIdOf(args.context);
      logServerError(requestId, args.request, error);
      const message = unexpectedErrorMessage(requestId);
      const api = new URL(args.request.url).pathname.startsWith("/api/");
      const headers = { "Cache-Control": cacheControl.noStore };
      if (api || kind === "document") {
        // A page's boundary reads `{ error, requestId }` from the thrown response.
        const answer = Response.json({ error: message, requestId }, { status: 500, headers });
        if (kind === "document") throw answer;
        return answer;
      }
      return new Response(message, {
        status: 500,
        headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  };
}

/** The write checks, then the action with a request whose body is known to be within the limit. */
function guardedAction(action: Handler, kind: "document" | "resource"): Handler {
  const answered = withErrorAnswer(action, kind);
  return async (args) => {
    const { pathname } = new URL(args.request.url);
    const refusal = checkWrite(args.request);
    const refuse = (response: Response) => {
      if (kind === "document") throw response;
      return response;
    };
    if (refusal) {
      if (refusal.status === 403) {
        const origin =
          args.request.headers.get("origin") ?? `Sec-Fetch-Site ${args.request.headers.get("sec-fetch-site")}`;
        console.warn(
          `[edge] request ${requestIdOf(args.context) ?? "-"}: ${args.request.method} ${pathname} refused: sent from ${origin}`,
        );
      }
      return refuse(refusalResponse(refusal, pathname));
    }
    let request = args.request;
    const writeKind = writeKindOf(pathname);
    if (writeKind !== "upload") {
      const within = await readBodyWithinLimit(args.request);
      if (!within) return refuse(refusalResponse({ status: 413, message: TOO_LARGE_MESSAGE }, pathname));
      request = within;
    }
    // A form body the parser cannot read (a broken multipart boundary) is the sender's mistake: 400, not 500.
    if (writeKind === "form" && !(await isReadableForm(request))) {
      return refuse(refusalResponse({ status: 400, message: UNREADABLE_FORM_MESSAGE }, pathname));
    }
    return answered({ ...args, request });
  };
}

async function isReadableForm(request: Request): Promise<boolean> {
  if (!request.body) return true;
  try {
    await request.clone().formData();
    return true;
  } catch {
    return false;
  }
}

type HeadersArgs = {
  loaderHeaders: Headers;
  parentHeaders: Headers;
  actionHeaders: Headers;
  errorHeaders: Headers | undefined;
};
type HeadersExport = HeadersInit | ((args: HeadersArgs) => HeadersInit) | undefined;

/**
 * A page's answer carries only the headers its `headers` export names (and cookies): this one keeps the route's
 * own choice (or, like Remix without an export, the parent's) and adds a loader's or action's Retry-After, so a
 * page's 429 carries it as the API's does.
 */
function withRetryAfterHeader(original: HeadersExport) {
  return (args: HeadersArgs): Headers => {
    const headers = new Headers(
      original === undefined ? args.parentHeaders : typeof original === "function" ? original(args) : original,
    );
    const retryAfter =
      args.actionHeaders.get("Retry-After") ??
      args.errorHeaders?.get("Retry-After") ??
      args.loaderHeaders.get("Retry-After");
    if (retryAfter && !headers.has("Retry-After")) headers.set("Retry-After", retryAfter);
    return headers;
  };
}

export function guardBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route.module;
    const kind = module.default ? "document" : "resource";
    routes[id] = {
      ...route,
      module: {
        ...module,
        ...(module.action ? { action: guardedAction(module.action as Handler, kind) as ActionFunction } : {}),
        ...(module.loader ? { loader: withErrorAnswer(module.loader as Handler, kind) as LoaderFunction } : {}),
        ...(kind === "document" ? { headers: withRetryAfterHeader(module.headers as HeadersExport) } : {}),
      },
    };
  }
  return { ...build, routes };
}
