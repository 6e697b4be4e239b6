import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHole, pageHoleTags } from "~/components/page-hole";
import { FORUM_TOPICS_HOLE } from "../pages";
import type { ReadMark } from "../reading";
import { TopicList, type TopicCard } from "./topic-list";

/** Rendered as app/entry.server.tsx renders a page: React's stream, whole. */
function renderAsThePage(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    let html = "";
    sink.on("data", (chunk) => (html += String(chunk)));
    sink.on("end", () => resolve(html));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

const topic = (id: number, title: string, mark: ReadMark): TopicCard => ({
  id,
  title,
  category: "general",
  author: { username: `a <b> & 'c' ${id}` },
  createdAt: "2026-11-01T10:00:00.000Z",
  lastActivityAt: "2026-11-28T10:00:00.000Z",
  postCount: id,
  mark,
});

const LISTS = {
  "marks of every kind": {
    topics: [
      topic(1, "One", { state: "new", unread: 1, firstUnread: null }),
      topic(2, "Two <script>", { state: "unread", unread: 1, firstUnread: 2 }),
      topic(3, "Three", { state: "unread", unread: 12, firstUnread: 40 }),
      topic(4, "Four", null),
    ],
    category: null,
    filter: null,
    isFirstPage: true,
    nextCursor: "abc",
  },
  "an empty Unread list": { topics: [], category: "general", filter: "unread", isFirstPage: true, nextCursor: null },
  "an empty later page": { topics: [], category: null, filter: null, isFirstPage: false, nextCursor: null },
} as const;

describe("the forum list as the page cache fills it into a member template (decision 310)", () => {
  for (const [name, list] of Object.entries(LISTS)) {
    it(`is byte for byte the list the page renders for the member: ${name}`, async () => {
      const props = { ...list, topics: [...list.topics] };
      const page = await renderAsThePage(
        <PageHole name={FORUM_TOPICS_HOLE}>
          <TopicList {...props} />
        </PageHole>,
      );
      const { open, close } = pageHoleTags(FORUM_TOPICS_HOLE);
      const hole = renderToStaticMarkup(<TopicList {...props} />);
      expect(`${open}${hole}${close}`).toBe(page);
    });
  }

  it("marks new topics and links unread ones to their first unread post", () => {
    const html = renderToStaticMarkup(
      <TopicList {...LISTS["marks of every kind"]} topics={[...LISTS["marks of every kind"].topics]} />,
    );
    expect(html).toContain(">New</span>");
    expect(html).toContain('<a href="/forum/topic/2/post/2" class="');
    expect(html).toContain(">1 unread post</a>");
    expect(html).toContain('<a href="/forum/topic/3/post/40"');
    expect(html).toContain(">12 unread posts</a>");
    expect(html).not.toContain("<script>");
  });
});
