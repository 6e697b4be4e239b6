import type { MetaDescriptor } from "@remix-run/node";
import { SITE_NAME } from "~/site";

/**
 * A page's <title>, description, Open Graph tags and canonical URL in one call:
 * `export const meta: MetaFunction = ({ matches }) => pageMeta({ matches, title, description, path })`.
 */
export function pageMeta({
  title,
  description,
  path,
  origin,
  type = "website",
  image,
}: {
  title: string;
  description: string;
  path: string;
  origin?: string;
  type?: "website" | "article";
  image?: string;
}): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = origin ? `${origin}${path}` : path;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SITE_NAME },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (image) tags.push({ property: "og:image", content: origin ? `${origin}${image}` : image });
  return tags;
}

/** The origin the root loader computed, read from the meta function's `matches`. */
export function originFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin;
}
