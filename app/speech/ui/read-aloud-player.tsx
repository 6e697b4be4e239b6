import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { ErrorSummary } from "~/components/error-summary";
import { Tooltip } from "~/components/tooltip";
import { hasReadableText, NO_READABLE_CONTENT } from "~/speech/text";
import { DEFAULT_VOICE_ID, findVoice, voicesByLanguage } from "~/speech/voices";
import { BROWSER_STORAGE } from "~/utils/cookies";
import { readPageText } from "./page-text";
import {
  READ_ALOUD_ERRORS,
  SPEEDS,
  fetchClip,
  formatTime,
  isMobileBrowser,
  mediaErrorMessage,
  playErrorMessage,
  type PlaybackStatus,
} from "./playback";
import {
  addReadFromHere,
  keepInView,
  locateSentences,
  paragraphStarts,
  sentenceAt,
  showHighlight,
  type TimedSentence,
} from "./read-along";

/** The title of the summary that says why reading stopped (its message is the spec's). */
const READ_ALOUD_FAILED = "The page could not be read aloud";

/**
 * The read-aloud player: the voice menu, the audio and its controls. Loaded by the floating button
 * (`read-aloud.tsx`) the first time a visitor opens it, so the voice catalogue and the player's code are not part
 * of every page's JavaScript (decision 108). Once loaded it stays mounted: a new page stops what the previous one
 * was saying. State changes are announced through the button's live region, which was in the page from the start.
 */
const VOICE_STORAGE_KEY = BROWSER_STORAGE.readAloudVoice.key;
const SPEED_STORAGE_KEY = BROWSER_STORAGE.readAloudSpeed.key;
/** The speed menu's options are bare numbers ("1.5×"): its tooltip, also in its accessible name. */
const SPEED_TOOLTIP = "Reading speed, times normal";
const GROUPS = voicesByLanguage();

type Clip = { key: string; url: string; sentences: TimedSentence[] };
/** The clip's sentences found in the page, the one highlighted, and the paragraphs' "Read from here". */
type ReadAlong = {
  sentences: TimedSentence[];
  ranges: Array<Range | null>;
  current: number;
  readFromHere: ReturnType<typeof addReadFromHere> | null;
};

function storedVoice(): string {
  try {
    const id = localStorage.getItem(VOICE_STORAGE_KEY);
    return findVoice(id) ? id! : DEFAULT_VOICE_ID;
  } catch {
    return DEFAULT_VOICE_ID;
  }
}

function storedSpeed(): number {
  try {
    const stored = Number(localStorage.getItem(SPEED_STORAGE_KEY));
    return (SPEEDS as readonly number[]).includes(stored) ? stored : 1;
  } catch {
    return 1; // storage unavailable: the default
  }
}

export default function ReadAloudPlayer({
  menuId,
  menuOpen,
  setMenuOpen,
  toggleRef,
  announce,
  onActiveChange,
  onPageText,
}: {
  menuId: string;
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  toggleRef: RefObject<HTMLButtonElement>;
  announce: (message: string) => void;
  onActiveChange: (active: boolean) => void;
  onPageText: (text: string) => void;
}) {
  const location = useLocation();
  const [status, setStatus] = useState<PlaybackStatus>("idle");
  // an object per failure: the summary takes the focus once for each (decision 450)
  const [error, setError] = useState<{ message: string } | null>(null);
  const [voiceId, setVoiceId] = useState(storedVoice);
  const [speed, setSpeed] = useState(storedSpeed);
  const [position, setPosition] = useState({ current: 0, duration: 0 });
  const audioRef = useRef<HTMLAudioElement>(null);
  const clipRef = useRef<Clip | null>(null);
  const requestRef = useRef<AbortController | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const firstPath = useRef(true);
  /** What the visitor last asked for: a pause event is the visitor's pause only when they asked to pause
   * (stop and the end pause the audio too), and audio that arrives after a pause waits for Resume. */
  const intentRef = useRef<"play" | "pause" | "stop">("stop");
  const speedId = `${menuId}-speed`;
  const alongRef = useRef<ReadAlong | null>(null);

  const active = status === "loading" || status === "playing" || status === "paused";
  useEffect(() => onActiveChange(active), [active, onActiveChange]);

  const endReadAlong = useCallback(() => {
    alongRef.current?.readFromHere?.remove();
    alongRef.current = null;
    showHighlight(null);
  }, []);

  const halt = useCallback(
    (next: PlaybackStatus) => {
      intentRef.current = "stop";
      endReadAlong();
      requestRef.current?.abort();
      requestRef.current = null;
      const audio = audioRef.current;
      if (audio) {
        audio.pause();
        if (audio.readyState > 0) audio.currentTime = 0;
      }
      setPosition((p) => ({ current: 0, duration: p.duration }));
      setStatus(next);
    },
    [endReadAlong],
  );

  // A new page stops what the previous one was saying (the button re-reads the page text itself).
  useEffect(() => {
    if (!firstPath.current) halt("idle");
    firstPath.current = false;
  }, [location.key, location.pathname, halt]);

  useEffect(() => {
    return () => {
      requestRef.current?.abort();
      if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
    };
  }, []);

  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = speed;
  }, [speed]);

  const fail = useCallback((message: string) => {
    setStatus("error");
    // said by the focus on the summary, not also by the live region (decision 450)
    setError({ message });
  }, []);

  /** Plays; a play cut short by a pause (or a new clip) is what the visitor asked for, not a failure. */
  const play = useCallback(
    async (audio: HTMLAudioElement) => {
      try {
        await audio.play();
      } catch (cause) {
        if ((cause as Error).name === "AbortError") return;
        fail(playErrorMessage(cause));
      }
    },
    [fail],
  );

  /** Moves the highlight to the sentence heard now (and the paragraph buttons' tab stop with it). */
  const follow = useCallback((chosen = false) => {
    const along = alongRef.current;
    const audio = audioRef.current;
    if (!along || !audio) return;
    const index = sentenceAt(along.sentences, audio.currentTime);
    if (index === along.current) return;
    // A sentence the reader chose is brought into view wherever they had scrolled.
    const previous = chosen ? null : (along.ranges[along.current] ?? null);
    along.current = index;
    const range = along.ranges[index] ?? null;
    showHighlight(range);
    keepInView(previous, range);
    along.readFromHere?.setCurrent(Math.max(0, index));
  }, []);

  const readFrom = useCallback(
    async (sentence: number) => {
      const audio = audioRef.current;
      const along = alongRef.current;
      if (!audio || !along) return;
      audio.currentTime = along.sentences[sentence]!.start;
      follow(true);
      intentRef.current = "play";
      announce(`Reading from sentence ${sentence + 1} of ${along.sentences.length}.`);
      if (audio.paused) await play(audio);
    },
    [announce, follow, play],
  );

  const startReadAlong = useCallback(
    (sentences: TimedSentence[]) => {
      endReadAlong();
      const main = document.getElementById("main");
      if (!main || sentences.length === 0) return;
      const ranges = locateSentences(
        main,
        sentences.map((s) => s.text),
      );
      const along: ReadAlong = { sentences, ranges, current: -1, readFromHere: null };
      along.readFromHere = addReadFromHere(paragraphStarts(main, ranges), (sentence) => void readFrom(sentence));
      alongRef.current = along;
    },
    [endReadAlong, readFrom],
  );

  // While playing, the highlight follows the audio frame by frame (timeupdate alone comes only every 250 ms).
  useEffect(() => {
    if (status !== "playing") return;
    let frame = 0;
    const tick = () => {
      follow();
      frame = window.requestAnimationFrame(tick);
    };
    frame = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(frame);
  }, [status, follow]);

  useEffect(() => endReadAlong, [endReadAlong]);

  const start = useCallback(
    async (chosenVoice: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      const text = readPageText(location.pathname);
      onPageText(text);
      if (!hasReadableText(text) || text === NO_READABLE_CONTENT) return;
      halt("loading");
      intentRef.current = "play";
      setError(null);
      const voice = findVoice(chosenVoice);
      announce(`Preparing to read the page with ${voice?.name ?? "the chosen voice"}.`);
      const key = `${chosenVoice}\n${text}`;
      try {
        if (clipRef.current?.key !== key) {
          const controller = new AbortController();
          requestRef.current = controller;
          const clip = await fetchClip(text, chosenVoice, controller.signal);
          if (controller.signal.aborted) return;
          requestRef.current = null;
          if (clipRef.current) URL.revokeObjectURL(clipRef.current.url);
          clipRef.current = { key, url: clip.url, sentences: clip.sentences };
          audio.src = clip.url;
          setPosition({ current: 0, duration: clip.durationSeconds });
        }
      } catch (cause) {
        if ((cause as Error).name === "AbortError") return;
        fail((cause as Error).message || READ_ALOUD_ERRORS.generic);
        return;
      }
      startReadAlong(clipRef.current!.sentences);
      audio.playbackRate = speed;
      // Paused while the audio was on its way: it waits for Resume.
      if (intentRef.current !== "play") return;
      if (isMobileBrowser()) await new Promise((resolve) => window.setTimeout(resolve, 50));
      await play(audio);
    },
    [announce, fail, halt, location.pathname, onPageText, play, speed, startReadAlong],
  );

  const closeMenu = () => {
    setMenuOpen(false);
    // Focus goes back to the button that opened the menu only when it was inside the menu (which disappears).
    if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
  };

  const chooseVoice = (id: string) => {
    setVoiceId(id);
    try {
      localStorage.setItem(VOICE_STORAGE_KEY, id);
    } catch {
      // not remembered
    }
    closeMenu();
    void start(id);
  };

  const pause = () => {
    intentRef.current = "pause";
    const audio = audioRef.current;
    if (status === "loading" || !audio || audio.paused) {
      // Nothing is playing yet (the audio is on its way): no pause event will come, so say it here.
      setStatus("paused");
      announce("Reading paused.");
    }
    audio?.pause();
  };
  const resume = async () => {
    const audio = audioRef.current;
    if (!audio) return;
    intentRef.current = "play";
    if (requestRef.current) {
      // The audio is still on its way: it plays when it arrives.
      setStatus("loading");
      announce("Reading resumes when the audio is ready.");
      return;
    }
    await play(audio);
  };
  /** The player's position, said on request through the live region (never on its own). */
  const sayPosition = () => {
    const audio = audioRef.current;
    const along = alongRef.current;
    const time = `${formatTime(audio?.currentTime ?? 0)} of ${formatTime(position.duration)}`;
    const index = along ? Math.max(0, sentenceAt(along.sentences, audio?.currentTime ?? 0)) : -1;
    announce(along ? `Sentence ${index + 1} of ${along.sentences.length}, ${time}.` : `${time}.`);
  };
  const stop = () => {
    halt("stopped");
    announce("Reading stopped.");
  };

  const changeSpeed = (value: number) => {
    setSpeed(value);
    try {
      localStorage.setItem(SPEED_STORAGE_KEY, String(value));
    } catch {
      // not remembered
    }
    announce(`Speed ${value} times.`);
  };

  // Close the menu on a click elsewhere (Escape is handled by the button's container).
  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !toggleRef.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [menuOpen, setMenuOpen, toggleRef]);

  const audioEvents = {
    onPlay: () => {
      setStatus("playing");
      setError(null);
      announce(
        status === "paused"
          ? "Reading resumed."
          : `Reading the page with ${findVoice(voiceId)?.name ?? "the chosen voice"}.`,
      );
    },
    onPause: () => {
      const audio = audioRef.current;
      // Pauses caused by stop or the end are reported by those.
      if (!audio || audio.ended || intentRef.current !== "pause") return;
      setStatus("paused");
      announce("Reading paused.");
    },
    onEnded: () => {
      intentRef.current = "stop";
      endReadAlong();
      const audio = audioRef.current;
      if (audio) audio.currentTime = 0;
      setPosition((p) => ({ current: 0, duration: p.duration }));
      setStatus("idle");
      announce("Finished reading the page.");
    },
    onSeeked: () => follow(),
    onTimeUpdate: () => {
      const audio = audioRef.current;
      if (!audio) return;
      setPosition({
        current: audio.currentTime,
        duration: Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : position.duration,
      });
    },
    onError: () => {
      const audio = audioRef.current;
      if (!audio?.getAttribute("src")) return;
      fail(mediaErrorMessage(audio.error));
    },
  };

  const voice = findVoice(voiceId);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the audio speaks the page's own text, which is its caption */}
      <audio ref={audioRef} preload="none" {...audioEvents} />

      {menuOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="group"
          aria-label="Choose a voice"
          className="max-h-[60vh] w-72 overflow-y-auto rounded-lg border border-violet-200 bg-white p-3 text-ink shadow-xl"
        >
          <p className="mb-2 text-sm font-semibold">Choose a voice to read this page</p>
          {GROUPS.map((group) => (
            <div key={group.language} role="group" aria-labelledby={`${menuId}-${group.lang}`} className="mb-3">
              <p
                id={`${menuId}-${group.lang}`}
                className="text-xs font-semibold tracking-wide text-violet-900 uppercase"
              >
                {group.language}
              </p>
              <ul className="mt-1 grid grid-cols-2 gap-1">
                {group.voices.map((v) => (
                  <li key={v.id}>
                    <button
                      type="button"
                      onClick={() => chooseVoice(v.id)}
                      aria-pressed={v.id === voiceId}
                      className="w-full rounded px-2 py-1 text-left text-sm hover:bg-cosmic-light aria-pressed:bg-cosmic-light aria-pressed:font-semibold"
                    >
                      {v.name}
                      <span className="text-violet-900"> ({v.gender})</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}

      {error ? (
        // focused and announced once, as a named group (decision 450)
        <div className="max-w-72 shadow">
          <ErrorSummary
            id={`${menuId}-failure`}
            form={{ id: `${menuId}-failure` }}
            title={READ_ALOUD_FAILED}
            description={error.message}
            resultKey={error}
          />
        </div>
      ) : null}

      {active ? (
        <div className="flex w-72 flex-col gap-2 rounded-lg border border-violet-200 bg-white p-3 text-ink shadow-xl">
          <p className="text-sm">
            {status === "loading" ? "Preparing audio…" : status === "paused" ? "Paused" : "Reading"}
            {voice ? ` · ${voice.name}, ${voice.language}` : ""}
          </p>
          <div className="flex items-center gap-2">
            <progress
              aria-label="Reading progress"
              max={Math.max(position.duration, 0.01)}
              value={Math.min(position.current, position.duration)}
              className="h-2 flex-1 accent-cosmic"
            />
            <span className="text-xs tabular-nums">
              {formatTime(position.current)} / {formatTime(position.duration)}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {status === "paused" ? (
              <button
                type="button"
                onClick={() => void resume()}
                className="rounded bg-cosmic px-3 py-1 text-sm text-white"
              >
                Resume reading
              </button>
            ) : (
              <button type="button" onClick={pause} className="rounded bg-cosmic px-3 py-1 text-sm text-white">
                Pause reading
              </button>
            )}
            <button type="button" onClick={stop} className="rounded border border-cosmic px-3 py-1 text-sm text-cosmic">
              Stop reading
            </button>
            <button
              type="button"
              onClick={sayPosition}
              className="rounded border border-cosmic px-3 py-1 text-sm text-cosmic"
            >
              Say position
            </button>
            <label htmlFor={speedId} className="text-sm">
              Speed<span className="sr-only"> ({SPEED_TOOLTIP})</span>
            </label>
            <Tooltip content={SPEED_TOOLTIP}>
              <select
                id={speedId}
                value={speed}
                onChange={(event) => changeSpeed(Number(event.target.value))}
                className="rounded border border-violet-300 px-1 py-0.5 text-sm"
              >
                {SPEEDS.map((s) => (
                  <option key={s} value={s}>
                    {s}×
                  </option>
                ))}
              </select>
            </Tooltip>
          </div>
        </div>
      ) : null}
    </>
  );
}
