import { Fragment } from "react";

/**
 * Post and title text is plain text: line breaks are kept (CSS pre-wrap), web addresses become links with
 * rel="nofollow ugc noopener", and everything else is rendered as text (React escapes it). Only http(s) and
 * www. addresses are linked, so `javascript:` or `data:` never become a link.
 */
export type ContentToken = { type: "text"; text: string } | { type: "link"; text: string; href: string };

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
    if (start > last) tokens.push({ type: "text", text: text.slice(last, start) });
    tokens.push({ type: "link", text: url, href });
    last = start + url.length;
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

export function PostContent({ text, className = "" }: { text: string; className?: string }) {
  return (
    // dir="auto": member text takes its own direction and cannot reorder the page around it (decision 090).
    <div dir="auto" className={`whitespace-pre-wrap break-words ${className}`}>
      {tokenizeContent(text).map((token, i) =>
        token.type === "link" ? (
          <a key={i} href={token.href} rel="nofollow ugc noopener" className="text-cosmic underline">
            {token.text}
          </a>
        ) : (
          <Fragment key={i}>{token.text}</Fragment>
        ),
      )}
    </div>
  );
}
