/**
 * The site's own videos, served from public/videos: nothing from a third party, and `preload="none"` so not even
 * our own file is fetched until the visitor presses play. Native controls work without JavaScript; the captions
 * track describes the silent picture for screen-reader and deaf visitors.
 */
export function SiteVideo({ src, title, poster }: { src: string; title: string; poster: string }) {
  return (
    <figure className="mt-6 max-w-3xl">
      <video
        controls
        preload="none"
        poster={poster}
        width={800}
        height={320}
        aria-label={title}
        className="h-auto w-full rounded-xl border border-violet-200 bg-[#0f0c24]"
      >
        <source src={src} type="video/webm" />
        <track kind="captions" src={src.replace(/\.webm$/, ".vtt")} srcLang="en" label="English" default />
        <a href={src}>Download the video: {title}</a>
      </video>
      <figcaption className="mt-2 text-base italic">
        {title} (silent, 9 seconds).{" "}
        <a href={src} className="text-cosmic underline">
          Download the video
        </a>
      </figcaption>
    </figure>
  );
}
