import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { linkClass, pageContainerClass } from "~/content/ui/prose";
import { speakPage } from "~/speech/page-speech.server";
import { readAloudHref, readAloudVttHref } from "~/speech/ui/page-text";
import { formatTime } from "~/speech/ui/playback";
import { findVoice, voicesByLanguage } from "~/speech/voices";
import { sentenceCueId } from "~/speech/webvtt";
import { cacheControl } from "~/utils/cache-control";

/**
 * GET /listen?path=/about&voice=en-US-natalie: the listen link's page (decision 193). The page's audio in the
 * browser's own player, its sentence timings as a metadata track, and the transcript: each sentence has an
 * anchor (`#s3`) and its start time, a link to the audio at that time (`#t=` media fragment), so a listener
 * follows and jumps without JavaScript (and in text browsers, which hand the audio to a player). With
 * JavaScript the links seek the player on the page and the sentence being heard is marked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const result = await speakPage({ request, context });
  if (!result.ok) {
    throw data(result.error, {
      status: result.status,
      headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    });
  }
  const voice = findVoice(result.voiceId)!;
  return data(
    {
      path: result.path,
      voice: { id: voice.id, name: voice.name, language: voice.language, lang: voice.lang },
      durationSeconds: result.durationSeconds,
      sentences: result.sentences,
    },
    { headers: { "Cache-Control": cacheControl.privateRevalidate } },
  );
}

const VOICE_GROUPS = voicesByLanguage();

export default function Listen() {
  const { path, voice, durationSeconds, sentences } = useLoaderData<typeof loader>();
  const audioHref = readAloudHref(path, voice.id);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState<string | null>(null);

  // With JavaScript: the metadata track's active cue marks the sentence being heard.
  useEffect(() => {
    const track = audioRef.current?.textTracks[0];
    if (!track) return;
    track.mode = "hidden";
    const onCueChange = () => setCurrent(track.activeCues?.[0]?.id ?? null);
    track.addEventListener("cuechange", onCueChange);
    return () => track.removeEventListener("cuechange", onCueChange);
  }, []);

  return (
    <article className={pageContainerClass}>
      <h1 className="font-serif text-3xl font-bold text-cosmic">Listen to {path}</h1>
      <p className="mt-3">
        Read by {voice.name} ({voice.language}), {formatTime(durationSeconds)} long.{" "}
        <a href={path} className={linkClass}>
          Back to the page
        </a>
      </p>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript below is the audio's text; the track holds its timings */}
      <audio ref={audioRef} controls preload="metadata" src={audioHref} className="mt-4 w-full max-w-xl">
        <track kind="metadata" src={readAloudVttHref(path, voice.id)} label="Sentence timings" default />
        <a href={audioHref}>Download the audio (MP3)</a>
      </audio>
      <p className="mt-2">
        <a href={audioHref} className={linkClass}>
          Open the audio (MP3)
        </a>
      </p>

      <form method="get" action="/listen" className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="path" value={path} />
        <label htmlFor="listen-voice" className="flex flex-col text-sm font-semibold">
          Voice
          <select
            id="listen-voice"
            name="voice"
            defaultValue={voice.id}
            className="rounded border border-violet-300 px-2 py-1 font-normal"
          >
            {VOICE_GROUPS.map((group) => (
              <optgroup key={group.language} label={group.language}>
                {group.voices.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name} ({v.gender})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-cosmic px-3 py-1.5 text-white">
          Listen with this voice
        </button>
      </form>

      <h2 id="transcript" className="mt-8 font-serif text-2xl font-bold text-cosmic">
        Transcript
      </h2>
      <p className="mt-1 text-sm">Each time plays the audio from that sentence.</p>
      <ol lang={voice.lang} className="mt-3 flex flex-col gap-2">
        {sentences.map((sentence, index) => {
          const id = sentenceCueId(index);
          return (
            <li
              key={id}
              id={id}
              aria-current={current === id ? "true" : undefined}
              className="rounded px-1 aria-[current]:bg-amber-100 aria-[current]:underline aria-[current]:decoration-2 aria-[current]:outline aria-[current]:outline-2 aria-[current]:outline-cosmic"
            >
              <a
                href={`${audioHref}#t=${sentence.start.toFixed(2)}`}
                className={`${linkClass} mr-2 tabular-nums`}
                onClick={(event) => {
                  const audio = audioRef.current;
                  if (!audio) return;
                  event.preventDefault();
                  audio.currentTime = sentence.start;
                  void audio.play().catch(() => {});
                }}
              >
                <span className="sr-only">Play from </span>
                {formatTime(sentence.start)}
              </a>
              <span>{sentence.text}</span>
            </li>
          );
        })}
      </ol>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Listen to ${data.path}` : "Listen" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  const message = ({ message }: { message: string }) => <ErrorPanel title="This page cannot be read" text={message} />;
  return (
    <GeneralErrorBoundary statusHandlers={{ 400: message, 404: message, 429: message, 502: message, 503: message }} />
  );
}
