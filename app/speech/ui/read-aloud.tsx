import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { DEFAULT_VOICE_ID } from "~/speech/default-voice";
import { hasReadableText, NO_READABLE_CONTENT } from "~/speech/text";
import { listenHref, readPageText } from "./page-text";

/**
 * The floating read-aloud control at the bottom right of every page, for blind and low-vision visitors first.
 *
 * Without JavaScript it is a link to the page's listen page (`/listen?path=…&voice=…`): the audio in the
 * browser's own player with its transcript (decision 193). It is absent from the listen page itself.
 * With JavaScript it reads the page's `<main>` 100 ms after each navigation (hidden when there is nothing to
 * read), opens a voice menu grouped by language (choosing a voice closes it and starts playback), and offers
 * pause, resume, stop, progress and speed. State changes are announced in a live region; focus only moves when
 * the visitor closes the menu (back to the button that opened it), never on its own.
 *
 * The menu and the player (`read-aloud-player.tsx`, with the voice catalogue) are loaded the first time the
 * button is pointed at, focused or pressed, so they are not part of every page's JavaScript (decision 108).
 */
const TEXT_DELAY_MS = 100;

const loadPlayer = () => import("./read-aloud-player");
const ReadAloudPlayer = lazy(loadPlayer);

function SpeakerIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d="M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.5 4.5 0 0 0 16.5 12zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06A9 9 0 0 0 14 3.23z" />
    </svg>
  );
}

export function ReadAloud() {
  const location = useLocation();
  const pathWithSearch = `${location.pathname}${location.search}`;
  const hydrated = useHydrated();
  const [pageText, setPageText] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [playerWanted, setPlayerWanted] = useState(false);
  const [active, setActive] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cornerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const announce = useCallback((message: string) => {
    // Clear first so repeating the same message is announced again.
    setAnnouncement("");
    window.setTimeout(() => setAnnouncement(message), 30);
  }, []);

  // The spec: re-read the page text 100 ms after every navigation (and back/forward), so the button always
  // speaks the page shown.
  useEffect(() => {
    const timer = window.setTimeout(() => setPageText(readPageText(location.pathname)), TEXT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.pathname]);

  // The page keeps the control's height free at its end and above focused elements (--read-aloud-reserve:
  // the footer's bottom padding and the document's scroll-padding), so the control never covers the last
  // links or a focused control, whatever it shows (decision 195).
  useEffect(() => {
    const corner = cornerRef.current;
    if (!corner || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = corner.hidden ? 0 : corner.getBoundingClientRect().height;
      root.style.setProperty("--read-aloud-reserve", `${Math.ceil(height) + 24}px`);
    });
    observer.observe(corner);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--read-aloud-reserve");
    };
  }, [hydrated]);

  // Escape closes the menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  if (location.pathname === "/listen") return null;

  // Before hydration (and always without JavaScript): a plain link to the page's listen page.
  if (!hydrated) {
    return (
      <div className="fixed right-4 bottom-4 z-40">
        <a
          href={listenHref(pathWithSearch, DEFAULT_VOICE_ID)}
          className="flex items-center gap-2 rounded-full bg-cosmic px-4 py-3 text-white shadow-lg hover:bg-violet-900"
        >
          <SpeakerIcon />
          Listen to this page
        </a>
      </div>
    );
  }

  const readable = pageText !== null && pageText !== NO_READABLE_CONTENT && hasReadableText(pageText);
  const wantPlayer = () => {
    void loadPlayer();
  };

  return (
    <div
      ref={cornerRef}
      className="fixed right-4 bottom-4 z-40 flex max-h-[calc(100vh-2rem)] flex-col items-end gap-2"
      hidden={!readable && !active}
    >
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* The button comes before the menu and the player it opens, so Tab from it reaches a voice or Pause (decision
          400: with them before it, Tab left the page and a member had to go back); it is shown below them. */}
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        onPointerEnter={wantPlayer}
        onFocus={wantPlayer}
        onClick={() => {
          setPlayerWanted(true);
          setMenuOpen((open) => !open);
        }}
        className="order-last flex items-center gap-2 rounded-full bg-cosmic px-4 py-3 text-white shadow-lg hover:bg-violet-900"
      >
        <SpeakerIcon />
        {active ? "Change voice" : "Read this page aloud"}
      </button>
      {playerWanted ? (
        <Suspense fallback={null}>
          <ReadAloudPlayer
            menuId={menuId}
            menuOpen={menuOpen}
            setMenuOpen={setMenuOpen}
            toggleRef={toggleRef}
            announce={announce}
            onActiveChange={setActive}
            onPageText={setPageText}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
