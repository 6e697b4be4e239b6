import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { env } from "~/utils/env.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { guardBuild } from "./guard-build.server";

/**
 * The wrapper every route runs behind (decisions 081, 082, 084), on a made-up build: the checks answer before an
 * action runs, unexpected failures never show their detail, and a limiter's 429 gets Retry-After.
 */
const own = `http://localhost:${env.PORT}`;
const SQL_FAILURE = new Error(
  'insert into forum_topics ("title") values ($1) - invalid byte sequence at /srv/app/db/client.server.ts:12',
);

function fakeBuild(calls: string[]) {
  const route = (id: string, path: string, module: Record<string, unknown>) => ({
    id,
    path,
    parentId: "root",
    module,
  });
  return guardBuild({
    routes: {
      page: route("page", "page", {
        default: () => null,
        action: async ({ request }: { request: Request }) => {
          calls.push(`page:${(await request.formData()).get("title")}`);
          return { ok: true };
        },
        loader: async () => {
          throw SQL_FAILURE;
        },
      }),
      api: route("api", "api/thing", {
        action: async ({ request }: { request: Request }) => {
          calls.push(`api:${JSON.stringify(await request.json())}`);
          return Response.json({ ok: true });
        },
        loader: async () => {
          throw SQL_FAILURE;
        },
      }),
      limited: route("limited", "api/limited", {
        action: async () => {
          const result = await hitRateLimit({ key: `guard-test:${Math.random()}`, limit: 0, windowSeconds: 600 });
          return Response.json({ error: "Too many requests" }, { status: result.allowed ? 200 : 429 });
        },
      }),
    },
  } as unknown as ServerBuild);
}

async function run(fn: unknown, request: Request) {
  try {
    return (await (fn as (args: object) => Promise<unknown>)({
      request,
      params: {},
      context: { requestId: "abc123def456" },
    })) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

const post = (path: string, headers: Record<string, string>, body?: BodyInit) =>
  new Request(`http://localhost${path}`, { method: "POST", headers, body });

describe("guardBuild", () => {
  it("refuses a foreign origin before the action runs: 403 {error} for the API, a text for a page's boundary", async () => {
    const calls: string[] = [];
    const build = fakeBuild(calls);
    const api = await run(
      build.routes.api!.module.action,
      post("/api/thing", { Origin: "http://evil.example", "Content-Type": "application/json" }, "{}"),
    );
    expect(api.status).toBe(403);
    expect((await api.json()).error).toMatch(/another site/);
    const page = await run(
      build.routes.page!.module.action,
      post("/page", { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" }, "title=x"),
    );
    expect(page.status).toBe(403);
    expect(await page.text()).toMatch(/another site/);
    expect(calls).toEqual([]);

    await run(
      build.routes.api!.module.action,
      post("/api/thing", { Origin: own, "Content-Type": "application/json" }, '{"a":1}'),
    );
    await run(
      build.routes.page!.module.action,
      post("/page", { Origin: own, "Content-Type": "application/x-www-form-urlencoded" }, "title=x"),
    );
    expect(calls).toEqual(['api:{"a":1}', "page:x"]);
  });

  it("counts a chunked body as it streams: 413 past 64 KB, the body within it", async () => {
    const calls: string[] = [];
    const build = fakeBuild(calls);
    const stream = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < bytes; sent += 16 * 1024)
            controller.enqueue(new TextEncoder().encode("a".repeat(Math.min(16 * 1024, bytes - sent))));
          controller.close();
        },
      });
    const chunked = (bytes: number, prefix: string) =>
      new Request("http://localhost/page", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
        body: stream(bytes).pipeThrough(
          new TransformStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(prefix));
            },
          }),
        ),
        duplex: "half",
      } as RequestInit);
    const big = await run(build.routes.page!.module.action, chunked(10 * 1024 * 1024, "title="));
    expect(big.status).toBe(413);
    const small = await run(build.routes.page!.module.action, chunked(1000, "title="));
    expect(small).toEqual({ ok: true });
    expect(calls).toEqual([`page:${"a".repeat(1000)}`]);
  });

  it("answers an unexpected failure without its detail, with the request id", async () => {
    const build = fakeBuild([]);
    const api = await run(build.routes.api!.module.loader, new Request("http://localhost/api/thing"));
    expect(api.status).toBe(500);
    const body = await api.json();
    expect(body.error).toContain("abc123def456");
    expect(JSON.stringify(body)).not.toMatch(/insert into|\/srv\/app|client\.server/);
    const page = await run(build.routes.page!.module.loader, new Request("http://localhost/page"));
    expect(page.status).toBe(500);
    expect(await page.json()).toMatchObject({ requestId: "abc123def456" });
  });

  it("gives a limiter's 429 the Retry-After the limiter noted", async () => {
    const build = fakeBuild([]);
    const answer = await run(
      build.routes.limited!.module.action,
      post("/api/limited", { "Content-Type": "application/json" }, "{}"),
    );
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(answer.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
  });
});
