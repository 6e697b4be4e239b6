import { createRequire } from "node:module";
import path from "node:path";
import type { LoaderFunction, ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { shareReadsPerPageView } from "./request-reads.server";
import { getVisitor, type Visitor } from "./visitor.server";

/**
 * A page's loaders read the visitor (and the member's session, the same way) once per page view (decisions 111,
 * 270), with Remix's own loader call (Node's resolution, as the server loads it), which hands each loader a copy
 * of the Request.
 */
const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: {
    loadContext: unknown;
    loader: LoaderFunction;
    params: Record<string, string>;
    request: Request;
    routeId: string;
    singleFetch: boolean;
  }) => Promise<unknown>;
};

type Seen = { visitor: Visitor; request: Request };
const readsVisitor: LoaderFunction = async ({ request }) => ({ visitor: await getVisitor(request), request });
const build = shareReadsPerPageView({
  routes: {
    root: { id: "root", path: "", module: { default: () => null, loader: readsVisitor } },
    page: { id: "page", path: "angel", parentId: "root", module: { default: () => null, loader: readsVisitor } },
  },
} as unknown as ServerBuild);

function pageView(url: string, context: object) {
  const request = new Request(url);
  return Promise.all(
    ["root", "page"].map(
      (routeId) =>
        callRouteLoader({
          loadContext: context,
          loader: build.routes[routeId]!.module.loader!,
          params: {},
          request,
          routeId,
          singleFetch: true,
        }) as Promise<Seen>,
    ),
  );
}

describe("reads per page view", () => {
  it.each([
    "http://localhost/angel",
    "http://localhost/angel.data?_routes=root%2Cpage&number=7",
    "http://localhost/?index",
  ])("a new visitor gets one id from both loaders of %s, each given its own copy of the Request", async (url) => {
    const [rootSaw, pageSaw] = await pageView(url, {});
    // Remix copies the Request for each loader: a memo keyed by the Request would read twice, two ids, two cookies.
    expect(rootSaw.request).not.toBe(pageSaw.request);
    expect(rootSaw.visitor.setCookie).not.toBeNull();
    expect(pageSaw.visitor).toBe(rootSaw.visitor);
  });

  it("another page view (its own load context) reads again; an action's request reads on its own", async () => {
    const [first] = await pageView("http://localhost/angel", {});
    const [second] = await pageView("http://localhost/angel", {});
    expect(second.visitor.sessionId).not.toBe(first.visitor.sessionId);

    const context = {};
    const action = new Request("http://localhost/angel", { method: "POST" });
    const inAction = await getVisitor(action);
    const [afterAction] = await pageView("http://localhost/angel", context);
    expect(afterAction.visitor).not.toBe(inAction);
    expect(await getVisitor(action)).toBe(inAction);
  });
});
