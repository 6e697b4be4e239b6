/**
 * Site-wide names, in one place: the header, footer, page titles, feeds, e-mail and notices all read them here
 * (domains import this module, never a component).
 */
export const SITE_NAME = "Numerology Ontology";
export const TAGLINE = "The divine exploring itself";
export const COPYRIGHT = `© 2025 ${SITE_NAME}. All rights reserved.`;

/** The blog's RSS feed: linked from every page's head (root.tsx) and from /blog; its channel title. */
export const BLOG_FEED = { path: "/blog/rss.xml", title: `Ontology Blog | ${SITE_NAME}` } as const;
