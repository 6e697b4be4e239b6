import { Fragment, type ReactNode } from "react";
import { useLinkNavigation } from "~/components/link-navigation";
import type { ContentPart } from "../content.server";

/**
 * An image fetched first (Lighthouse's LCP advice). React 18 knows no `fetchPriority` prop: it warns in development
 * and writes the attribute as given; the lowercase HTML attribute passes through without a warning.
 */
export const FETCHED_FIRST = { fetchpriority: "high" } as Record<string, string>;

/** Typography for rendered Markdown: readable line length, a clear outline, visible links. */
export const proseClass =
  "max-w-3xl text-lg leading-relaxed text-ink " +
  "[&_h2]:mt-12 [&_h2]:font-serif [&_h2]:text-3xl [&_h2]:font-bold [&_h2]:text-cosmic " +
  "[&_h3]:mt-8 [&_h3]:font-serif [&_h3]:text-2xl [&_h3]:font-semibold " +
  "[&_h4]:mt-6 [&_h4]:text-xl [&_h4]:font-semibold " +
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 " +
  "[&_a]:text-cosmic [&_a]:underline [&_a]:underline-offset-2 " +
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-violet-300 [&_blockquote]:pl-4 [&_blockquote]:italic " +
  "[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_th]:border [&_th]:border-violet-200 [&_th]:bg-cosmic-light [&_th]:p-2 [&_th]:text-left " +
  "[&_td]:border [&_td]:border-violet-200 [&_td]:p-2 [&_strong]:font-semibold [&_code]:rounded [&_code]:bg-cosmic-light [&_code]:px-1 " +
  "[&_figure]:mt-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_figcaption]:mt-2 [&_figcaption]:text-base [&_figcaption]:italic";

/**
 * Rendered Markdown. Links inside it are plain <a> elements; with JavaScript, same-site links navigate on the
 * client like <Link> does, without JavaScript they are ordinary links.
 */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  const onClick = useLinkNavigation();
  // The click handler only enhances links; keyboard users activate the same links natively.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div className={`${proseClass} ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The body of a content page, with route components placed at its `<!-- slot:name -->` markers. A Markdown part
 * after the first one follows a long text and a component, so it starts below the fold: the browser lays it out only
 * when it comes near the viewport (`render-when-near`, decision 118). The first one stays as it is: it is in view,
 * and a skipped block in view would be laid out a second time, after the first paint.
 */
export function ContentParts({ parts, slots = {} }: { parts: ContentPart[]; slots?: Record<string, ReactNode> }) {
  const first = parts.findIndex((part) => part.kind === "html");
  return (
    <>
      {parts.map((part, index) =>
        part.kind === "html" ? (
          <Prose key={index} html={part.html} className={index > first ? "render-when-near" : ""} />
        ) : (
          <Fragment key={index}>{slots[part.name] ?? null}</Fragment>
        ),
      )}
    </>
  );
}

/** A page's heading block: the one <h1>, an optional subtitle, and the lead image made for the site. */
export function PageHeader({
  title,
  subtitle,
  image,
  imageAlt,
  children,
}: {
  title: string;
  subtitle?: string;
  image?: string;
  imageAlt?: string;
  children?: ReactNode;
}) {
  return (
    <header className="max-w-3xl">
      {children}
      <h1 className="font-serif text-4xl font-bold text-ink sm:text-5xl">{title}</h1>
      {subtitle ? <p className="mt-3 font-serif text-2xl text-cosmic">{subtitle}</p> : null}
      {image ? (
        // the page's largest element, under the title: fetched first (Lighthouse's LCP advice)
        <img
          src={image}
          alt={imageAlt ?? ""}
          width={960}
          height={400}
          {...FETCHED_FIRST}
          className="mt-8 h-auto w-full rounded-xl border border-violet-200 bg-white"
        />
      ) : null}
    </header>
  );
}

export const pageContainerClass = "mx-auto max-w-5xl px-4 py-10";
export const linkClass = "text-cosmic underline underline-offset-2";
export const buttonLinkClass =
  "inline-block rounded-lg bg-cosmic px-5 py-2.5 font-semibold text-white no-underline hover:bg-violet-900";

/** A whole teaching page: its header, its Markdown parts, and whatever the route adds after them. */
export function ContentArticle({
  page,
  children,
}: {
  page: { title: string; subtitle?: string; image?: string; imageAlt?: string; parts: ContentPart[] };
  children?: ReactNode;
}) {
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} subtitle={page.subtitle} image={page.image} imageAlt={page.imageAlt} />
      <ContentParts parts={page.parts} />
      {children}
    </article>
  );
}
