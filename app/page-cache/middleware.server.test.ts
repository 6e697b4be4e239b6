import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { describe, expect, it } from "vitest";
import { pageHoleTags, rendersPageHole } from "~/components/page-hole";
import { createPageCache } from "./middleware.server";
import type { PageSection, PageTicket } from "./section";

/**
 * Holes in kept pages (decision 112), through the page cache's own seams (`serve`, `loadContext`, `finish`) with
 * stand-ins for Express's request and response. The angel page's use of them is proven through the real server in
 * tests/integration/page-cache.test.ts.
 */
type Answer = {
  status: number;
  headers: Map<string, unknown>;
  body: string;
  passedOn: boolean;
  locals: Record<string, unknown>;
};

async function request(
  cache: ReturnType<typeof createPageCache>,
  who: string,
  nonce: string,
  headers: Record<string, string> = {},
  url = "/page",
): Promise<Answer> {
  const answer: Answer = { status: 200, headers: new Map(), body: "", passedOn: false, locals: {} };
  await new Promise<void>((resolve) => {
    const req = {
      method: "GET",
      url,
      headers: { cookie: `visitor=${who}`, ...headers },
    } as unknown as ExpressRequest;
    const res = {
      locals: answer.locals,
      set statusCode(status: number) {
        answer.status = status;
      },
      setHeader: (name: string, value: unknown) => answer.headers.set(name.toLowerCase(), value),
      setHeaders: (headers: Headers) => headers.forEach((value, name) => answer.headers.set(name, value)),
      removeHeader: (name: string) => answer.headers.delete(name.toLowerCase()),
      cork: () => {},
      write: (part: Buffer) => void (answer.body += part.toString()),
      end: (body?: Buffer) => {
        if (body) answer.body += body.toString();
        resolve();
      },
    } as unknown as ExpressResponse;
    void cache.serve(req, res, () => ((answer.passedOn = true), resolve()), nonce);
  });
  return answer;
}

/** What server.ts hands Remix's loaders from the page cache for this request. */
const contextOf = (cache: ReturnType<typeof createPageCache>, answer: Answer) =>
  cache.loadContext({ locals: answer.locals } as unknown as ExpressResponse);

/** What Remix would render: the page with its holes left empty when the ticket names them. */
function render(context: Partial<AppLoadContext>, nonce: string, own: string) {
  const hole = (name: string) => {
    const { open, close } = pageHoleTags(name);
    return rendersPageHole(context as AppLoadContext, name) ? open + close : `${open}${own}${close}`;
  };
  return `<script nonce="${nonce}">1</script><main>${hole("list")}<p>shared</p>${hole("badge")}</main><script nonce="${nonce}">2</script>`;
}

async function finish(cache: ReturnType<typeof createPageCache>, answer: Answer, nonce: string, body: string) {
  const headers = new Headers();
  const ticket = contextOf(cache, answer).pageCache as PageTicket;
  const sent = await cache.finish(new Request("http://site.test/page"), ticket, {
    status: 200,
    headers,
    body: Buffer.from(body),
    nonce,
  });
  return { sent: sent.toString(), etag: headers.get("ETag") };
}

/** A section whose `vary` gives each request its parts (`holes`), or fails for the visitors in `fail`. */
function cacheWith(holes: Record<string, (who: string) => string> = {}, fail = new Set<string>()) {
  const section: PageSection = {
    name: "page",
    paths: [/^\/page$/],
    uncachedBy: ["mine"],
    vary: async (req) => {
      const who = String(req.headers.cookie).slice("visitor=".length);
      if (fail.has(who)) throw new Error("the database is down");
      return { key: "all", holes: Object.fromEntries(Object.entries(holes).map(([name, fill]) => [name, fill(who)])) };
    },
    holes: Object.keys(holes),
  };
  return createPageCache({ ttlSeconds: 30, sections: [section] });
}

const HOLES = {
  list: (who: string) => `<ul><li>${who}'s list</li></ul>`,
  badge: (who: string) => (who === "b" ? "" : `<b>${who}</b>`),
};

describe("a kept page's holes", () => {
  it("are left empty in the kept page and filled for each request from that request alone", async () => {
    const fail = new Set<string>();
    const cache = cacheWith(HOLES, fail);
    const miss = await request(cache, "a", "N1");
    expect(miss.passedOn).toBe(true);
    const context = contextOf(cache, miss);
    expect(rendersPageHole(context as AppLoadContext, "list")).toBe(true);
    expect(rendersPageHole(context as AppLoadContext, "other")).toBe(false);
    const first = await finish(cache, miss, "N1", render(context, "N1", "never"));
    expect(first.sent).toBe(
      `<script nonce="N1">1</script><main><div data-page-hole="list"><ul><li>a's list</li></ul></div><p>shared</p>` +
        `<div data-page-hole="badge"><b>a</b></div></main><script nonce="N1">2</script>`,
    );

    const b = await request(cache, "b", "N2");
    expect(b.passedOn).toBe(false);
    expect(b.headers.get("x-page-cache")).toBe("hit");
    expect(b.body).toBe(
      `<script nonce="N2">1</script><main><div data-page-hole="list"><ul><li>b's list</li></ul></div><p>shared</p>` +
        `<div data-page-hole="badge"></div></main><script nonce="N2">2</script>`,
    );
    expect(b.headers.get("content-length")).toBe(Buffer.byteLength(b.body));
    const a = await request(cache, "a", "N3");
    expect(a.body).toBe(first.sent.replaceAll("N1", "N3"));
    // The ETag is the filled page's: the same for the same parts, another for another visitor's.
    expect(a.headers.get("etag")).toBe(first.etag);
    expect(b.headers.get("etag")).not.toBe(first.etag);
    expect((await request(cache, "a", "N4", { "if-none-match": first.etag! })).status).toBe(304);
    expect((await request(cache, "b", "N5", { "if-none-match": first.etag! })).status).toBe(200);

    // Parts that cannot be read: the page is rendered whole for that request, with no ticket.
    fail.add("c");
    const c = await request(cache, "c", "N6");
    expect(c.passedOn).toBe(true);
    expect(contextOf(cache, c).pageCache).toBeNull();
  });

  it("a page rendered without its hole (the loader chose not to) is sent and kept as rendered", async () => {
    const cache = cacheWith(HOLES);
    const miss = await request(cache, "a", "N1");
    const body = render({}, "N1", "a's own");
    expect((await finish(cache, miss, "N1", body)).sent).toBe(body);
    expect((await request(cache, "b", "N2")).body).toBe(body.replaceAll("N1", "N2"));
  });

  it("a section without holes names none to its loaders", async () => {
    const cache = cacheWith();
    const miss = await request(cache, "a", "N1");
    expect(contextOf(cache, miss).pageCache?.holes).toEqual([]);
  });
});

describe("a section's uncachedBy parameters", () => {
  it("an address naming one is rendered for its visitor with no ticket; other parameters are kept by address", async () => {
    const cache = cacheWith();
    for (const url of ["/page?mine=1", "/page?other=2&mine", "/page?m%69ne=3"]) {
      const own = await request(cache, "a", "N1", {}, url);
      expect(own.passedOn).toBe(true);
      expect(contextOf(cache, own).pageCache).toBeNull();
    }
    const kept = await request(cache, "a", "N1", {}, "/page?other=2");
    expect(contextOf(cache, kept).pageCache?.key).toContain("/page?other=2");
    await finish(cache, kept, "N1", render({}, "N1", ""));
    expect((await request(cache, "b", "N2", {}, "/page?other=2")).headers.get("x-page-cache")).toBe("hit");
  });
});
