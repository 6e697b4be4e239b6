import { db } from "#db/client.server";
import { MENTIONS_PER_POST, mentionedNames } from "./mentions";
import { mentionableMembers } from "./mentions.server";
import { HIDDEN_POST_NOTICE } from "./notices";
import { renderPostHtml } from "./post-markdown.server";

/**
 * Posts' HTML as pages show it, rendered when read (decision 340): one query resolves every `@name` of the texts (the
 * mention code's rule: the first MENTIONS_PER_POST names of a text, members neither suspended nor silenced), then each
 * text is rendered once per process and kept (MEMO_SIZE texts, the least recently used leaving first), keyed by the
 * text and the members it links to, so an edit, or a member suspended since, is a new key and never shows stale HTML.
 */
const MEMO_SIZE = 2000;
const memo = new Map<string, string>();

/** Each text's HTML (null stays null: a post whose text the reader may not see). */
export async function postsHtml(texts: ReadonlyArray<string | null | undefined>): Promise<Array<string | null>> {
  const namesOf = texts.map((text) =>
    text
      ? mentionedNames(text)
          .slice(0, MENTIONS_PER_POST)
          .map((name) => name.toLowerCase())
      : [],
  );
  const wanted = [...new Set(namesOf.flat())];
  const found = await mentionableMembers(db, wanted);
  const usernames = new Map(found.map(({ username }) => [username.toLowerCase(), username]));
  return texts.map((text, i) => {
    if (text === null || text === undefined) return null;
    const members = new Map(namesOf[i]!.flatMap((name) => (usernames.has(name) ? [[name, usernames.get(name)!]] : [])));
    return memoised(text, members);
  });
}

/**
 * The text of a post as `postForReader` gave it that its reader may read, or null: a hidden post whose text they may
 * not see (they got the notice, which is not rendered as the post's words). The topic page and the JSON API ask this.
 */
export const readableText = ({ content, hidden }: { content: string; hidden: unknown }) =>
  hidden && content === HIDDEN_POST_NOTICE ? null : content;

/** One text's HTML (a preview, a topic's opening). */
export async function postHtml(text: string): Promise<string> {
  const [html] = await postsHtml([text]);
  return html!;
}

function memoised(text: string, members: Map<string, string>): string {
  const key = `${[...members.values()].join(" ")}\u0000${text}`;
  let html = memo.get(key);
  if (html !== undefined) {
    memo.delete(key); // most recently used last
  } else {
    html = renderPostHtml(text, members);
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
  }
  memo.set(key, html);
  return html;
}
