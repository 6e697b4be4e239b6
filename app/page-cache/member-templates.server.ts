import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isDatabaseUnavailable } from "#db/client.server";
import { publicOrigin } from "~/utils/env.server";
import { cspNonce } from "~/utils/random-pool.server";
import type { createHoles } from "./holes.server";
import {
  assemble,
  etagOf,
  filledEtag,
  holdsHole,
  lacksFill,
  memberEtagParts,
  memberFillsOf,
  piecesOf,
} from "./pieces.server";
import type { DocumentRenderer, MemberTemplates, MemberVariant, PageSection, PageTicket } from "./section";
import { keepable, type Entry, type PageStore, type RenderedPage } from "./store.server";

export const PRIVATE_CACHE_CONTROL = "private, no-cache";

type Section = PageSection & { members: MemberTemplates };
type Next = (error?: unknown) => void;
export type Answer = (
  req: ExpressRequest,
  res: ExpressResponse,
  entry: Entry,
  etag: string,
  body: () => Buffer<ArrayBuffer>,
) => void;

/**
 * Member templates (decisions 120, 122): a signed-in member's page kept as a template rendered as a made-up member
 * (the template member), from a request of the cache's own that carries no cookie; each member's own id, name and
 * address are put in per response, and their holes filled from `resolve`. A member's own request is never the
 * template's render: on a miss their page is rendered for them and the template beside it.
 */
export function createMemberTemplates({
  store,
  holes,
  answer,
  neutralCookies,
  maxEntryBytes,
}: {
  store: PageStore;
  holes: ReturnType<typeof createHoles>;
  answer: Answer;
  neutralCookies: string[];
  maxEntryBytes: number;
}) {
  /** How the cache renders member templates (server.ts gives it Remix's handler); none: members' pages are rendered. */
  let renderDocument: DocumentRenderer | null = null;
  /** Member templates being rendered. */
  const building = new Set<string>();

  /** Renders a member template as the template member, from a request without cookies; `keep` keeps it. */
  function render(section: Section, key: string, url: string, origin: string, variant: MemberVariant) {
    building.add(key);
    const ticket: PageTicket = {
      key,
      section: section.name,
      generation: store.generation(section.name),
      origin,
      refused: false,
      holes: section.members.holes ?? [],
      member: true,
    };
    const context: AppLoadContext = {
      ...variant.context,
      cspNonce: cspNonce(),
      requestId: "member-template",
      clientIp: "127.0.0.1",
      pageCache: ticket,
    };
    const request = new Request(`${origin}${url}`, { headers: { Accept: "text/html" } });
    section.members
      .asTemplateMember(async () => {
        const response = await renderDocument!(request, context);
        await response.arrayBuffer();
        // Not kept (a redirect, an error, a refusal): members get this page rendered for them until it changes.
        if (!store.has(key) && ticket.generation === store.generation(section.name)) store.unusable.add(key);
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
     * A signed-in member's page from the section's member template, or rendered for them (passed on) when none
     * stands for it; a missing template is rendered beside, by a request of the cache's own.
     */
    async serve(section: Section, req: ExpressRequest, res: ExpressResponse, next: Next, nonce: string) {
      store.ensureListening();
      if (!renderDocument || !store.ready(section)) return next();
      const variant = await section.members.resolve(req).catch(() => null);
      if (!variant) return next();
      // A hole the member's variant has no part for: the page is rendered for them (as when `resolve` fails).
      const holeFills = (section.members.holes ?? []).map((name) => variant.holes?.[name]);
      if (holeFills.some((fill) => fill === undefined)) return next();
      const origin = publicOrigin();
      const key = `${section.name}\n${origin}${req.url}\nmember ${variant.key}`;
      const entry = store.fresh(key);
      if (!entry) {
        if (!store.unusable.has(key) && !building.has(key)) render(section, key, req.url, origin, variant);
        return next();
      }
      const member = memberFillsOf(variant.member);
      // A template showing the member's e-mail address stands only for a member who has one.
      if (lacksFill(entry.pieces, member)) return next();
      const fills = holeFills.map((fill) => Buffer.from(fill!));
      const etag = filledEtag(entry.etag, [...memberEtagParts(member), ...fills]);
      answer(req, res, entry, etag, () => assemble(entry.pieces, Buffer.from(nonce), fills, member));
    },

    /**
     * Keeps a member template (its body goes nowhere else): only a page that could be kept for a visitor (a 200, no
     * cookie of its own), whose template member is found only where the cache can put a member's own in, with each
     * member hole in it, empty (a part left in it would be the template member's).
     */
    keep(ticket: PageTicket, section: PageSection, page: RenderedPage): Buffer<ArrayBuffer> {
      const { status, headers, body, nonce } = page;
      const memberHoles = holes.ofMembers(section.name);
      const pieces = keepable(ticket, page, neutralCookies, maxEntryBytes)
        ? piecesOf(body, Buffer.from(nonce), memberHoles, section.members!.templateMember)
        : null;
      if (!pieces || !memberHoles.every((_, index) => holdsHole(pieces, index))) return body;
      if (ticket.generation !== store.generation(section.name)) return body;
      headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
      const etag = etagOf(pieces);
      store.keep(ticket.key, { status, headers, pieces, etag, holed: memberHoles.length > 0, member: true });
      return body;
    },
  };
}
