import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useLinkNavigation } from "~/components/link-navigation";
import { getPage, listPosts } from "~/content/content.server";
import { contentMeta } from "~/content/route-helpers";
import { ContentParts, FETCHED_FIRST, buttonLinkClass, linkClass, pageContainerClass } from "~/content/ui/prose";
import { SiteVideo } from "~/content/ui/video-embed";
import { BLOG_FEED } from "~/site";
import { formatDay } from "~/utils/dates";

export async function loader() {
  const posts = listPosts().map(({ slug, title, date, description, image, imageAlt, nestedParts, video }) => ({
    slug,
    title,
    date,
    description,
    image,
    imageAlt,
    parts: nestedParts,
    video: video ?? null,
  }));
  const teaser = (slug: string) => {
    const { title, subtitle, description, image, imageAlt } = getPage(slug);
    return { title, subtitle, description, image, imageAlt };
  };
  return {
    page: {
      title: "Ontology Blog",
      description:
        "Dated essays on the ten principles: 436, 43 Not Two, Fire / Desire, the four elements, base 10, Solfeggio frequencies and the Pythagoreans.",
      image: "/images/content/blog.svg",
    },
    posts,
    sevenThreeOne: teaser("seven-three-one"),
    healing: teaser("healing"),
  };
}

type Teaser = { title: string; subtitle?: string; description: string; image: string; imageAlt: string };

function TeaserCard({ teaser, to }: { teaser: Teaser; to: string }) {
  return (
    <section
      aria-labelledby={`teaser-${to.slice(1)}`}
      className="mt-8 max-w-3xl rounded-2xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      <p className="text-sm font-semibold uppercase tracking-wide text-cosmic">Featured article</p>
      <h2 id={`teaser-${to.slice(1)}`} className="mt-1 font-serif text-3xl font-bold">
        {teaser.title}
      </h2>
      {teaser.subtitle ? <p className="mt-1 font-serif text-xl text-cosmic">{teaser.subtitle}</p> : null}
      <p className="mt-3">{teaser.description}</p>
      <p className="mt-4">
        <Link to={to} className={buttonLinkClass} aria-label={`Read Full Article: ${teaser.title}`}>
          Read Full Article
        </Link>
      </p>
    </section>
  );
}

function FeaturedImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={960}
      height={400}
      {...FETCHED_FIRST}
      className="mt-8 h-auto w-full max-w-3xl rounded-xl border border-violet-200"
    />
  );
}

const noSubscription = () => () => {};

/**
 * Whether the router went to a fragment of this page (`/blog#fire-desire` from a post's Markdown link or its
 * "Back to Blog" link): the posts are then all laid out before it scrolls, as `:target` does for the browser's own
 * fragment navigations (decision 118). False on the server and while hydrating (the server never sees a fragment),
 * so hydration finds the server's markup; the browser's answer is the fragment's presence itself, so a page loaded
 * without one (the usual case) is not rendered a second time after hydrating, as a "rendered in the browser" flag
 * would make it.
 */
function useRouterFragment(): boolean {
  const { hash } = useLocation();
  return useSyncExternalStore(
    noSubscription,
    () => hash !== "",
    () => false,
  );
}

export default function Blog() {
  const { page, posts, sevenThreeOne, healing } = useLoaderData<typeof loader>();
  const renderAll = useRouterFragment();
  const linkNavigation = useLinkNavigation();
  return (
    <div className={`${pageContainerClass}${renderAll ? " render-all" : ""}`}>
      <p className="mb-4">
        <Link to="/" className={linkClass}>
          ← Back to Home
        </Link>
      </p>
      <h1 className="font-serif text-4xl font-bold sm:text-5xl">{page.title}</h1>
      <p className="mt-4 max-w-3xl text-lg">
        Notes from the study of the ten principles, written between August and September 2025: numbers read as living
        principles, colours as their faces, and the geometry in which they meet. Start with the{" "}
        <Link to="/palindrome" className={linkClass}>
          Sacred Palindrome
        </Link>{" "}
        and its{" "}
        <Link to="/octahedron" className={linkClass}>
          octahedron
        </Link>
        , or read the long article{" "}
        <Link to="/seven-three-one" className={linkClass}>
          7 3 and 1 or Eleven
        </Link>
        .
      </p>
      <p className="mt-3">
        {/* a file, not a page: a plain link, so a feed reader (or the browser) fetches it without the router */}
        <a href={BLOG_FEED.path} type="application/rss+xml" className={linkClass}>
          Follow the blog by RSS
        </a>{" "}
        <span className="text-sm">(paste this link into your feed reader to get new posts)</span>
      </p>
      {/* its anchors followed by the router, as the posts' own links are (useLinkNavigation) */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too) */}
      <nav aria-label="Posts" className="mt-6 max-w-3xl rounded-xl bg-cosmic-light p-5" onClick={linkNavigation}>
        <h2 className="font-serif text-xl font-semibold">In this blog</h2>
        <ul className="mt-2 list-disc pl-6">
          {posts.map((post) => (
            <li key={post.slug}>
              <a href={`#${post.slug}`} className={linkClass}>
                {post.title}
              </a>{" "}
              <span className="text-sm">({formatDay(post.date)})</span>
            </li>
          ))}
        </ul>
      </nav>

      <TeaserCard teaser={sevenThreeOne} to="/seven-three-one" />
      <FeaturedImage src={sevenThreeOne.image} alt={sevenThreeOne.imageAlt} />
      <TeaserCard teaser={healing} to="/healing" />
      <FeaturedImage src={healing.image} alt={healing.imageAlt} />

      {posts.map((post) => (
        <article
          key={post.slug}
          id={post.slug}
          aria-labelledby={`${post.slug}-title`}
          className="render-when-near mt-14 max-w-3xl scroll-mt-24"
        >
          <h2 id={`${post.slug}-title`} className="font-serif text-3xl font-bold text-ink">
            {post.title}
          </h2>
          <p className="mt-1 text-sm">
            Posted <time dateTime={post.date}>{formatDay(post.date)}</time> ·{" "}
            <Link to={`/blog/${post.slug}`} className={linkClass}>
              Permalink<span className="sr-only">: {post.title}</span>
            </Link>
          </p>
          <img
            src={post.image}
            alt={post.imageAlt}
            width={960}
            height={400}
            loading="lazy"
            className="mt-4 h-auto w-full rounded-xl border border-violet-200"
          />
          <ContentParts
            parts={post.parts}
            slots={{
              video: post.video ? (
                <SiteVideo src={post.video.src} title={post.video.title} poster={post.image} />
              ) : null,
            }}
          />
        </article>
      ))}
      <p className="mt-14">
        <Link to="/" className={buttonLinkClass}>
          Back to Home
        </Link>
      </p>
    </div>
  );
}

export const meta = contentMeta("/blog");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
