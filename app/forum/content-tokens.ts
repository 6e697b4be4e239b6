import { MENTION_PATTERN } from "./mentions";

/**
 * Post and title text is plain text, read into tokens on the server (the pages ship no tokenizer: decision 313) and
 * rendered by PostContent (`content.tsx`): line breaks are kept (CSS pre-wrap), web addresses become links with
 * rel="nofollow ugc noopener", and everything else is rendered as text (React escapes it). Only http(s) and
 * www. addresses are linked, so `javascript:` or `data:` never become a link. A post's own address on the site
 * (`/forum/topic/T/post/N`, as a quote's attribution holds it) is linked too, and an `@name` mention is emphasised
 * (decision 313: there is no member page to link to yet).
 */
export type ContentToken =
  { type: "text"; text: string } | { type: "link"; text: string; href: string } | { type: "mention"; text: string };

/** A mention, or a post's address on this site where no word or address runs into it. */
const LOCAL_PATTERN = new RegExp(`${MENTION_PATTERN.source}|(?<![\\w/.])/forum/topic/\\d+/post/\\d+\\b`, "g");

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

export function tokenizeContent(text: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const start = match.index ?? 0;
    const trailing = url.match(TRAILING_PUNCTUATION)?.[0] ?? "";
    // Keep a closing parenthesis that belongs to the address, e.g. wikipedia links.
    let cut = trailing.length;
    if (trailing.startsWith(")") && url.slice(0, -trailing.length).includes("(")) cut -= 1;
    if (cut > 0) url = url.slice(0, -cut);
    const href = url.toLowerCase().startsWith("www.") ? `https://${url}` : url;
    if (!isSafeHttpUrl(href)) continue;
    if (start > last) tokens.push(...localTokens(text.slice(last, start)));
    tokens.push({ type: "link", text: url, href });
    last = start + url.length;
  }
  if (last < text.length) tokens.push(...localTokens(text.slice(last)));
  return tokens;
}

/** Text between web addresses: its mentions and post addresses. */
function localTokens(text: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let last = 0;
  for (const { 0: found, index = 0 } of text.matchAll(LOCAL_PATTERN)) {
    if (index > last) tokens.push({ type: "text", text: text.slice(last, index) });
    tokens.push(found.startsWith("@") ? { type: "mention", text: found } : { type: "link", text: found, href: found });
    last = index + found.length;
  }
  if (last < text.length) tokens.push({ type: "text", text: text.slice(last) });
  return tokens;
}

function isSafeHttpUrl(href: string): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}
