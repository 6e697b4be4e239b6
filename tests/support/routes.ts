/**
 * The one way the integration tests call a route module's loader or action in process: build the Request
 * (`routeRequest`, or its short forms `get`, `jsonPost`, `formPost`), run the function as Remix would
 * (`call`), and read what it answered (`answerOf`), whether a Response, a `data(value, init)` (single fetch) or
 * a plain value, returned or thrown.
 */

/** What a route answered. `body` is the JSON it sent (parsed), its text, or the value it returned. */
// Answers are JSON of every route's shape: tests read them as the client would, without declaring each one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any; headers: Headers };

/** A loader or action, as route modules export them (their argument types differ per route). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFunction = (args: any) => unknown;

type DataWithResponseInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isData(value: unknown): value is DataWithResponseInit {
  return !!value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** Reads a route's result: a Response (its JSON, or its text), a `data()` value, or a plain value (200). */
export async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text || null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the text itself
      }
    }
    return { status: result.status, body, headers: result.headers };
  }
  if (isData(result)) {
    return { status: result.init?.status ?? 200, body: result.data, headers: new Headers(result.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** The status and body alone, for comparing a whole answer where its headers do not matter. */
export function statusAndBody({ status, body }: Answer): Pick<Answer, "status" | "body"> {
  return { status, body };
}

/** Runs `fn`; a thrown Response or `data()` (a loader's or action's early answer) is returned like a returned one. */
export async function settle<T>(fn: () => T | Promise<T>): Promise<T | Response | DataWithResponseInit> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response || isData(thrown)) return thrown;
    throw thrown;
  }
}

/**
 * Calls a loader or action with `request` as Remix would, from a client address of its own (`ip`, random by
 * default, so that per-address limits of one test do not reach another) and reads its answer.
 */
export async function call(
  fn: RouteFunction,
  request: Request,
  {
    ip = randomIp(),
    params = {},
    context = {},
  }: { ip?: string; params?: Record<string, string>; context?: Record<string, unknown> } = {},
): Promise<Answer> {
  return answerOf(await settle(() => fn({ request, params, context: { clientIp: ip, cspNonce: "", ...context } })));
}

export type RequestOptions = {
  method?: string;
  /** sent as JSON (a string is sent as it is, for malformed bodies) */
  json?: unknown;
  /** sent as an HTML form (application/x-www-form-urlencoded) */
  form?: Record<string, string>;
  /** sent as multipart/form-data */
  formData?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
};

/** A request to the site's `path` (or a full URL). POST when it carries a body, GET otherwise. */
export function routeRequest(
  path: string,
  { method, json, form, formData, cookie, headers = {} }: RequestOptions = {},
) {
  const all: Record<string, string> = { ...headers };
  if (cookie) all.Cookie = cookie;
  let body: BodyInit | undefined;
  if (json !== undefined) {
    all["Content-Type"] = "application/json";
    body = typeof json === "string" ? json : JSON.stringify(json);
  } else if (form) {
    all["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  } else if (formData) {
    body = formData;
  }
  const url = /^https?:/.test(path) ? path : `http://localhost${path}`;
  return new Request(url, { method: method ?? (body === undefined ? "GET" : "POST"), headers: all, body });
}

export function get(path: string, cookie?: string): Request {
  return routeRequest(path, { cookie });
}

export function jsonPost(path: string, json: unknown, cookie?: string): Request {
  return routeRequest(path, { json, cookie });
}

export function formPost(path: string, form: Record<string, string>, cookie?: string): Request {
  return routeRequest(path, { form, cookie });
}

/** The name=value pairs of every Set-Cookie, as a Cookie header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function randomIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}
