import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest } from "express";
import { isDatabaseUnavailable } from "#db/client.server";
import { publicOrigin } from "~/utils/env.server";
import { cspNonce } from "~/utils/random-pool.server";
import { etagOf, filledEtag, fillsOf, lacksFill, memberFillsOf, parts, piecesOf } from "./pieces.server";
import type { MemberVariant, PageSection, PageTicket } from "./section";
import { keepable, type Entry, type PageStore, type RenderedPage } from "./store.server";

export const PRIVATE_CACHE_CONTROL = "private, no-cache";

/** Renders a document as Remix does for a request (the page cache's own requests: member templates). */
export type DocumentRenderer = (request: Request, context: AppLoadContext) => Promise<Response>;
/** A kept page to answer with: its entry, this response's ETag and body. */
export type Hit = { entry: Entry; etag: string; body: () => Buffer[] };

/**
 * Member templates (decisions 120, 122): a signed-in member's page kept as a template rendered as a made-up member
 * (the template member), from a request of the cache's own that carries no cookie; each member's own id, name and
 * address are put in per response, and their holes filled from `resolve`. A member's own request is never the
 * template's render: on a miss their page is rendered for them and the template beside it.
 */
export function createMemberTemplates(store: PageStore, neutralCookies: string[]) {
  /** How the cache renders member templates (server.ts gives it Remix's handler); none: members' pages are rendered. */
  let renderDocument: DocumentRenderer | null = null;
  /** Member templates being rendered. */
  const building = new Set<string>();

  /** Renders a member template as the template member, from a request without cookies; `keep` keeps it. */
  function render(section: PageSection, key: string, url: string, variant: MemberVariant) {
    building.add(key);
    const ticket: PageTicket = { ...store.ticket(key, section, section.members!.holes ?? []), member: true };
    const context: AppLoadContext = {
      ...variant.context,
      cspNonce: cspNonce(),
      requestId: "member-template",
      clientIp: "127.0.0.1",
      pageCache: ticket,
    };
    const request = new Request(`${publicOrigin()}${url}`, { headers: { Accept: "text/html" } });
    section
      .members!.asTemplateMember(async () => {
        const response = await renderDocument!(request, context);
        await response.arrayBuffer();
        // Not kept (a redirect, an error, a refusal): members get this page rendered for them until it changes.
        if (!store.has(key) && store.current(ticket)) store.unusable.add(key);
      }, variant)
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) console.error(`[page-cache] member template of ${url}:`, error);
      })
      .finally(() => building.delete(key));
  }

  return {
    /** Gives the cache Remix's document handler, with which it renders member templates. */
    renderWith(renderer: DocumentRenderer) {
      renderDocument = renderer;
    },

    /**
     * A signed-in member's page from the section's member template; null (rendered for them) when none stands for
     * it; a missing template is rendered beside, by a request of the cache's own.
     */
    async serve(section: PageSection, req: ExpressRequest, nonce: string): Promise<Hit | null> {
      if (!renderDocument || !store.ready(section)) return null;
      const variant = await section.members!.resolve(req).catch(() => null);
      const fills = variant ? fillsOf(section.members!.holes, variant) : null;
      if (!variant || !fills) return null;
      const key = store.keyOf(section, req.url, `member ${variant.key}`);
      const entry = store.fresh(key);
      if (!entry) {
        if (!store.unusable.has(key) && !building.has(key)) render(section, key, req.url, variant);
        return null;
      }
      const all = [...fills, ...memberFillsOf(variant.member)];
      // A template showing the member's e-mail address stands only for a member who has one.
      if (lacksFill(entry.pieces, all)) return null;
      return { entry, etag: filledEtag(entry.etag, all), body: () => parts(entry.pieces, Buffer.from(nonce), all) };
    },

    /**
     * Keeps a member template (its body goes nowhere else): only a page that could be kept for a visitor (a 200, no
     * cookie of its own), whose template member is found only where the cache can put a member's own in, with each
     * member hole in it, empty (a part left in it would be the template member's).
     */
    keep(ticket: PageTicket, section: PageSection, page: RenderedPage): Buffer<ArrayBuffer> {
      const { status, headers, body, nonce } = page;
      const { holes = [], templateMember } = section.members!;
      const pieces = keepable(ticket, page, neutralCookies)
        ? piecesOf(body, Buffer.from(nonce), holes, templateMember)
        : null;
      if (!pieces || !holes.every((_, index) => pieces.includes(index))) return body;
      headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      store.keep(ticket, { status, headers, pieces, etag: etagOf(pieces), holed: holes.length > 0 }, []);
      return body;
    },
  };
}
