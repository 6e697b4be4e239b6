import type { MetaFunction } from "@remix-run/node";
import { originFromMatches, pageMeta } from "~/utils/meta";

type PageData = { title: string; description: string; image?: string };

/** meta() for a content route: title, description, Open Graph and canonical from the page's front matter. */
export function contentMeta(path: string, type: "website" | "article" = "website"): MetaFunction {
  return ({ data, matches }) => {
    const page = (data as { page?: PageData } | undefined)?.page;
    if (!page) return [{ title: "404 Page Not Found" }];
    return pageMeta({
      title: page.title,
      description: page.description,
      path,
      origin: originFromMatches(matches),
      image: page.image,
      type,
    });
  };
}

/** "September 4, 2025" for a YYYY-MM-DD date, the same on server and client. */
export function formatDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
