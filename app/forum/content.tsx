/**
 * Typography for a post's rendered Markdown (decision 340): paragraphs, lists, quotes with their caption, code and
 * tables, in the post's own size (the content pages' `proseClass` is for long texts).
 */
const postProseClass =
  "break-words [&_p]:mt-2 [&_p:first-child]:mt-0 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-2 " +
  "[&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-cosmic [&_a]:underline [&_strong]:font-bold [&_em]:italic " +
  "[&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:mt-3 [&_h4]:text-lg [&_h4]:font-bold [&_h5]:mt-2 " +
  "[&_h5]:font-bold [&_h6]:mt-2 [&_h6]:font-semibold [&_figure]:mt-2 [&_blockquote]:mt-2 [&_blockquote]:border-l-4 " +
  "[&_blockquote]:border-violet-300 [&_blockquote]:pl-3 [&_figcaption]:mt-1 [&_figcaption]:pl-4 [&_figcaption]:text-sm " +
  "[&_code]:rounded [&_code]:bg-cosmic-light [&_code]:px-1 [&_pre]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded " +
  "[&_pre]:bg-cosmic-light [&_pre]:p-2 [&_pre]:whitespace-pre [&_table]:mt-2 [&_table]:border-collapse [&_th]:border " +
  "[&_th]:border-violet-200 [&_th]:p-1 [&_th]:text-left [&_td]:border [&_td]:border-violet-200 [&_td]:p-1 [&_hr]:my-3";

/**
 * A post's or topic's text, as the sanitised HTML the server rendered from its Markdown (`postsHtml`, decision 340):
 * the page ships no Markdown renderer.
 */
export function PostContent({ html, className = "" }: { html: string; className?: string }) {
  return (
    // dir="auto": member text takes its own direction and cannot reorder the page around it (decision 090).
    <div dir="auto" className={`${postProseClass} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
