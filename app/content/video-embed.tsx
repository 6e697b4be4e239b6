import { useState } from "react";

/**
 * A video that loads nothing from a third party until the visitor asks for it. Without JavaScript the poster is a
 * plain link to the video's page; with JavaScript a click swaps in the privacy-enhanced (youtube-nocookie) player.
 */
export function ClickToLoadVideo({ youtubeId, title, poster }: { youtubeId: string; title: string; poster: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="mt-6 aspect-video w-full max-w-3xl overflow-hidden rounded-xl">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          className="h-full w-full"
        />
      </div>
    );
  }
  return (
    <div className="mt-6 max-w-3xl">
      <a
        href={`https://www.youtube.com/watch?v=${youtubeId}`}
        onClick={(event) => {
          event.preventDefault();
          setPlaying(true);
        }}
        className="group relative block overflow-hidden rounded-xl border border-violet-200"
      >
        <img src={poster} alt="" width={960} height={540} className="h-auto w-full" />
        <span className="absolute inset-x-0 bottom-0 bg-ink/85 px-4 py-3 font-semibold text-white group-hover:bg-cosmic">
          Play video: {title}
        </span>
      </a>
      <p className="mt-2 text-sm">The video is hosted by YouTube; nothing is loaded from YouTube until you click.</p>
    </div>
  );
}
