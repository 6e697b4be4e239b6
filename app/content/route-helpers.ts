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
