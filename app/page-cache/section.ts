import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest } from "express";

/**
 * What a domain declares about its pages to the page cache (docs/page-cache.md is the contract): one `PageSection`
 * per group of addresses, in the domain's `page-cache.server.ts`, gathered in app/assembly/page-sections.server.ts.
 */
export type PageSection = {
  name: string;
  paths: RegExp[];
  /**
   * query parameters that make an address the visitor's own (a generated reading, a form's input): such a page is
   * rendered for its visitor and never kept. The loader needs to know nothing of the cache.
   */
  uncachedBy?: string[];
  /**
   * a PostgreSQL NOTIFY channel: a notification (sent at commit, by whichever process made the change) clears the
   * section in every server process. Without one, its pages change only with the build (a new process).
   */
  channel?: string;
  /** the page is the same for every signed-out visitor: a CDN may keep it briefly (`public, s-maxage`) */
  shared?: boolean;
  /** what of the visitor the page shows, read before rendering (decisions 100, 112); null: rendered, not kept */
  vary?: (request: ExpressRequest) => Promise<Variant | null>;
  /** parts of the page that are the visitor's own (decision 112), each filled per request from `Variant.holes` */
  holes?: string[];
  /** signed-in members' pages from member templates (decisions 120, 122) */
  members?: MemberTemplates;
};

/** A page as a visitor's (or a member's) request asks for it. */
export type Variant = {
  /** what of the visitor the page shows (their saved preferences, say): joins the cache key */
  key: string;
  /** reaches the loaders through the load context, so the page is rendered from exactly what the key says */
  context?: Partial<AppLoadContext>;
  /** this request's part for each of the section's holes, as HTML (React's `renderToStaticMarkup`; "": empty) */
  holes?: Record<string, string>;
};

/** A member as a member template holds them: their id, name and (a page showing it) e-mail address. */
export type TemplatedMember = { id: number; name: string; email?: string | null };

/** A signed-in member's page as a section's member template stands for it (decisions 120, 122). */
export type MemberVariant = Variant & {
  /** whose page this is: put in where the template member's id, name and e-mail address are */
  member: TemplatedMember;
};

export type MemberTemplates = {
  /** cookies besides the neutral ones that a member's request may carry and still be served from a template */
  cookies: string[];
  /** the template member's id, name and e-mail address: nothing else in a page may contain them */
  templateMember: TemplatedMember;
  /** the member's own parts of the page (decision 122), left empty in the template and filled per response */
  holes?: string[];
  /** the member of this request and what of them the page shows; null: this page is rendered for them */
  resolve: (request: ExpressRequest) => Promise<MemberVariant | null>;
  /** runs a template's render as the template member (every session read in it gets that member) as `variant` says */
  asTemplateMember: <T>(render: () => Promise<T>, variant: MemberVariant) => Promise<T>;
};

/**
 * What a request that may be kept carries through the load context to `finish`. `holes`: the section's holes, which
 * this render leaves empty for the cache to fill (a loader asks with `rendersPageHole`, app/components/page-hole.tsx)
 * with `fills`, this visitor's parts.
 */
export type PageTicket = {
  key: string;
  section: string;
  generation: number;
  refused: boolean;
  holes: string[];
  fills: Buffer[];
  /** a member template (decision 120), rendered as the template member by the cache's own request */
  member?: boolean;
};

/**
 * For a domain whose page learns only while rendering that it is of this moment (a sky computed on the spot, a
 * failed reading): the page is sent and not kept. Called from the domain's `page-cache.server.ts`, never a route.
 */
export function notKept(context: AppLoadContext): void {
  if (context.pageCache) context.pageCache.refused = true;
}

/** Whether the request's address names one of the section's `uncachedBy` parameters (read as a loader reads them). */
export function asksUncached(section: PageSection, url: string): boolean {
  if (!section.uncachedBy?.length) return false;
  const at = url.indexOf("?");
  if (at === -1) return false;
  const query = new URLSearchParams(url.slice(at + 1).split("#", 1)[0]);
  return section.uncachedBy.some((name) => query.has(name));
}
