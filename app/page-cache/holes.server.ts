import type { Request as ExpressRequest } from "express";
import { holeTags, type HoleTags } from "./pieces.server";
import type { PageHoleRenderer, PageSection, PageTicket } from "./section";

/**
 * Holes (decisions 112, 122): the parts of a kept page that are its visitor's own. The page is rendered once as a
 * template with each hole empty (`<PageHole name>` when `rendersPageHole` says so, app/components/page-hole.tsx);
 * every response, the miss that rendered the template included, fills each hole with what the section's renderer
 * (visitors) or its members' `resolve` (members) rendered for that request.
 */
export function createHoles(sections: PageSection[]) {
  const visitorHoles = new Map<string, (HoleTags & { render: PageHoleRenderer })[]>(
    sections.map((s) => [
      s.name,
      Object.entries(s.holes ?? {}).map(([name, render]) => ({ ...holeTags(name), render })),
    ]),
  );
  const memberHoles = new Map(sections.map((s) => [s.name, (s.members?.holes ?? []).map(holeTags)]));
  /** The fills started for a page being rendered (a miss), by its ticket: `finish` puts them in. */
  const pending = new WeakMap<PageTicket, Promise<Buffer[]>>();

  /** This request's part for each of the section's holes, rendered now (in parallel). */
  function render(section: PageSection, req: ExpressRequest): Promise<Buffer[]> {
    return Promise.all(visitorHoles.get(section.name)!.map(async (hole) => Buffer.from(await hole.render(req))));
  }

  return {
    render,
    ofVisitors: (section: string) => visitorHoles.get(section)!,
    ofMembers: (section: string) => memberHoles.get(section)!,

    /**
     * Starts rendering this request's fills beside the template's render: `finish` waits for them (a page that is
     * never finished, a redirect say, drops them: the catch only keeps an unused failure from being unhandled).
     */
    startFor(ticket: PageTicket, section: PageSection, req: ExpressRequest) {
      const fills = render(section, req);
      fills.catch(() => {});
      pending.set(ticket, fills);
    },

    fillsFor: (ticket: PageTicket) => pending.get(ticket)!,
  };
}
