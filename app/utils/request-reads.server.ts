import type { LoaderFunction, ServerBuild } from "@remix-run/node";

/**
 * What more than one loader of a page reads from its request is read once per page view (decision 111: the
 * member's session, the visitor's id). Remix gives each loader its own copy of the Request (it strips its own
 * `index` and `_routes` parameters into a new one), but every loader of one page view the same load context object
 * (server.ts's getLoadContext makes one per request). So the memos are keyed by that context (decision 270): each
 * loader's Request is mapped to its context here, by `shareReadsPerPageView`, which wraps the build's loaders.
 *
 * An action's Request is its own key (actions are not wrapped): the loaders Remix runs after it, in the same
 * context, read again and so see what it changed (a sign-in, a verified address).
 */
const contextOfRequest = new WeakMap<Request, object>();

/** The key a per-request memo keeps its reading under: the page view's load context, else the Request itself. */
export function pageViewOf(request: Request): object {
  return contextOfRequest.get(request) ?? request;
}

/** The build with every loader noting its Request's load context first (server.ts applies it once, at start). */
export function shareReadsPerPageView(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const loader = route.module.loader as LoaderFunction | undefined;
    routes[id] = loader
      ? {
          ...route,
          module: {
            ...route.module,
            loader: (args) => {
              if (args.context) contextOfRequest.set(args.request, args.context);
              return loader(args);
            },
          },
        }
      : route;
  }
  return { ...build, routes };
}
