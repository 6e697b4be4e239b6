import { postPlainText } from "./post-markdown.server";

/**
 * A post's words as a mail or a digest quotes them (decisions 351, 352): its text, never markup, cut at a word
 * boundary near `max` characters. The one place the forum's mails take a post's text from.
 */
export function mailExcerpt(content: string, max = 500): string {
  // the post's words as the page shows them, never its Markdown (decision 340)
  const text = postPlainText(content.replace(/\r\n?/g, "\n"));
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
