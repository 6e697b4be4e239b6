import { describe, expect, it } from "vitest";
import { forumQueryWithout } from "./list-without";
import { forumHref, mayEdit, mayFlag, mayOpenEditor, repliesLabel, topicHref } from "./pages";

describe("forum page addresses", () => {
  it("builds /forum with category, cursor and the new-topic dialog", () => {
    expect(forumHref({})).toBe("/forum");
    expect(forumHref({ category: "general", cursor: "abc", new: true })).toBe(
      "/forum?category=general&cursor=abc&new=1",
    );
  });

  it("drops a dialog (and the index marker of a no-JS post) from the current address", () => {
    expect(forumQueryWithout(new URLSearchParams("category=general&new=1&index"), "new")).toEqual({
      query: "category=general",
      href: "/forum?category=general",
    });
    expect(forumQueryWithout(new URLSearchParams("dialog=add-email"), "dialog").href).toBe("/forum");
  });

  it("topic pages: page 1 has no ?page=", () => {
    expect(topicHref(4, 1)).toBe("/forum/topic/4");
    expect(topicHref(4, 1, { edit: "9" })).toBe("/forum/topic/4?edit=9");
    expect(topicHref(4, 3, { confirm: "hide-post-2" })).toBe("/forum/topic/4?page=3&confirm=hide-post-2");
    expect(repliesLabel(1)).toBe("1 reply");
    expect(repliesLabel(0)).toBe("0 replies");
  });
});

describe("who may do what on a topic page", () => {
  it("only the author edits a post, and not while it is hidden", () => {
    expect(mayEdit({ own: true, hidden: null })).toBe(true);
    expect(mayEdit({ own: true, hidden: { reason: "x" } })).toBe(false);
    expect(mayEdit({ own: false, hidden: null })).toBe(false);
  });

  it("a member flags only what someone else wrote", () => {
    expect(mayFlag(2, { own: false })).toBe(true);
    expect(mayFlag(1, { own: true })).toBe(false);
    expect(mayFlag(undefined, { own: false })).toBe(false);
  });

  it("?edit= opens one's own post of this topic only", () => {
    expect(mayOpenEditor(1, 4, { topicId: 4, authorId: 1 })).toBe(true);
    expect(mayOpenEditor(1, 4, { topicId: 5, authorId: 1 })).toBe(false);
    expect(mayOpenEditor(2, 4, { topicId: 4, authorId: 1 })).toBe(false);
    expect(mayOpenEditor(1, 4, null)).toBe(false);
  });
});
