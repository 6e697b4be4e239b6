/**
 * A post's or topic's text, as the sanitised HTML the server rendered from its Markdown (`postsHtml`, decision 340):
 * the page ships no Markdown renderer. Its typography is the stylesheet's `.post-prose`.
 */
export function PostContent({ html, className = "" }: { html: string; className?: string }) {
  return (
    // dir="auto": member text takes its own direction and cannot reorder the page around it (decision 090).
    <div dir="auto" className={`post-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
