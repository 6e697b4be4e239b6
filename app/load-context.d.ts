import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    /** this request's id: in the X-Request-Id header, error answers and the log lines about it (server/request-edge.ts) */
    requestId?: string;
    /** the visitor's address as Express resolved it (trusting only a loopback proxy) */
    clientIp: string;
    /** the page cache's generation when this request began (see app/utils/page-cache.server.ts) */
    pageCacheGeneration: number;
  }
  // Single fetch: loaders' and actions' types are inferred from what they return.
  interface Future {
    v3_singleFetch: true;
  }
}
