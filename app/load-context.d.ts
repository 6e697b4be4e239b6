import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    /** this request's id: in the X-Request-Id header, error answers and the log lines about it (app/utils/request-edge.server.ts) */
    requestId?: string;
    /** the visitor's address as Express resolved it (trusting only a loopback proxy) */
    clientIp: string;
    /**
     * resolves once the answer's buffer has drained (app/utils/request-edge.server.ts `paceResponses`): a streamed
     * body waits on it before producing more, since Remix's adapter itself never waits (decision 280)
     */
    responseDrained?: () => Promise<void>;
    /**
     * set when this page may be kept by the page cache (app/page-cache/, docs/page-cache.md); loaders ask
     * `rendersPageHole` (app/components/page-hole.tsx) whether to leave a part out for the cache to fill per visitor
     */
    pageCache: import("~/page-cache/section").PageTicket | null;
    /** the visitor's saved preferences, when the page cache read them to key this page: render from these */
    visitorPreferences?: import("~/preferences/schema").Preferences;
    /**
     * in a member template of a topic page (decision 120), what the member it stands for wrote on it (set by the
     * page cache's own request only): the topic, and the ids of their posts on the page; and the ids of the posts on
     * the page they like (decision 312)
     */
    forumOwnership?: { topic: boolean; posts: number[]; liked: number[]; bookmarked: number[] };
    /**
     * in the member template of a member's own page (decision 360), whose page it is (set by the page cache's own
     * request only): the page is read with their eyes, and their bookmarks are a member hole
     */
    forumMemberPageOwner?: number;
    /**
     * in a member template of a topic page or a category's list, the member's watch level of it (decision 350), which
     * keys the template (set by the page cache's own request only); a category's may be watching first post
     */
    forumWatchLevel?: import("~/forum/watching").CategoryWatchLevel;
  }
  // Single fetch: loaders' and actions' types are inferred from what they return.
  interface Future {
    v3_singleFetch: true;
  }
}
