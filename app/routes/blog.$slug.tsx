import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getPost, listPosts } from "~/content/content.server";
import { ContentParts, PageHeader, buttonLinkClass, linkClass, pageContainerClass } from "~/content/ui/prose";
import { SiteVideo } from "~/content/ui/video-embed";
import { formatDay } from "~/utils/dates";
import { invariantResponse } from "~/utils/http.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

export async function loader({ params }: LoaderFunctionArgs) {
  const post = getPost(params.slug ?? "");
  invariantResponse(post, "Not Found", { status: 404 });
  const posts = listPosts();
  const index = posts.indexOf(post);
  const neighbour = (p: (typeof posts)[number] | undefined) => (p ? { slug: p.slug, title: p.title } : null);
  const { slug, title, date, description, image, imageAlt, parts, video } = post;
  return {
    page: { slug, title, date, description, image, imageAlt, parts, video },
    newer: neighbour(posts[index - 1]),
    older: neighbour(posts[index + 1]),
  };
}

export default function BlogPost() {
  const { page, newer, older } = useLoaderData<typeof loader>();
  return (
    <article className={pageContainerClass}>
      <PageHeader title={page.title} image={page.image} imageAlt={page.imageAlt}>
        <p className="mb-4">
          <Link to={`/blog#${page.slug}`} className={linkClass}>
            ← Back to Blog
          </Link>
        </p>
      </PageHeader>
      <p className="mt-4 text-sm">
        Posted <time dateTime={page.date}>{formatDay(page.date)}</time>
      </p>
      <ContentParts
        parts={page.parts}
        slots={{
          video: page.video ? <SiteVideo src={page.video.src} title={page.video.title} poster={page.image} /> : null,
        }}
      />
      <nav
        aria-label="More posts"
        className="mt-12 flex max-w-3xl flex-wrap justify-between gap-4 border-t border-violet-200 pt-6"
      >
        {older ? (
          <Link to={`/blog/${older.slug}`} className={linkClass}>
            ← Older: {older.title}
          </Link>
        ) : (
          <span />
        )}
        {newer ? (
          <Link to={`/blog/${newer.slug}`} className={linkClass}>
            Newer: {newer.title} →
          </Link>
        ) : null}
      </nav>
      <p className="mt-8">
        <Link to="/blog" className={buttonLinkClass}>
          Return to Blog
        </Link>
      </p>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "404 Page Not Found" }];
  return pageMeta({
    title: data.page.title,
    description: data.page.description,
    path: `/blog/${data.page.slug}`,
    origin: originFromMatches(matches),
    image: data.page.image,
    type: "article",
  });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
