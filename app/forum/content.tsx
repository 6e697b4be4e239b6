import { Fragment } from "react";
import type { ContentToken } from "./content-tokens";

/** A post's or topic's text, from its tokens (`tokenizeContent`, on the server). */
export function PostContent({ tokens, className = "" }: { tokens: ContentToken[]; className?: string }) {
  return (
    // dir="auto": member text takes its own direction and cannot reorder the page around it (decision 090).
    <div dir="auto" className={`whitespace-pre-wrap break-words ${className}`}>
      {tokens.map((token, i) =>
        token.type === "link" ? (
          <a key={i} href={token.href} rel="nofollow ugc noopener" className="text-cosmic underline">
            {token.text}
          </a>
        ) : token.type === "mention" ? (
          <strong key={i}>{token.text}</strong>
        ) : (
          <Fragment key={i}>{token.text}</Fragment>
        ),
      )}
    </div>
  );
}
