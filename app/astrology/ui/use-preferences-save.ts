import { useRevalidator, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { GENERATION_TEXTS } from "~/numerology/texts";
import { COMPOSITIONS, STYLES, type Preferences } from "~/preferences/options";
import { useTitleFlash } from "~/preferences/title-flash";

/** The spec's status clear: a save's outcome stays in the status line for 3 s. */
export const STATUS_CLEAR_MS = 3000;

export type SaveStatus = { text: string; failed: boolean };

function preferencesOf(form: HTMLFormElement): Preferences {
  const data = new FormData(form);
  const pick = <T extends string>(value: FormDataEntryValue | null, options: readonly T[], fallback: T): T =>
    options.includes(value as T) ? (value as T) : fallback;
  return {
    style: pick(data.get("style"), STYLES, "poetic"),
    composition: pick(data.get("composition"), COMPOSITIONS, "detailed"),
    keywords: String(data.get("keywords") ?? ""),
  };
}

/**
 * The astrology preferences with JavaScript, as the spec says: a changed style or length (or Save Preferences) is
 * saved through POST /api/preferences and re-fetched with GET /api/preferences; a changed style or length flashes
 * in the title for 2 s, the outcome shows in one status line, cleared after 3 s, and the page's data (the reading
 * written with the old preferences) is read again. A dropped connection shows
 * 'Failed to update preferences' (or 'Failed to fetch preferences' for the re-fetch) in that line and keeps what was
 * chosen: the page stays as it is, where a navigation's failure would have replaced it with the error page. A save
 * the server refuses (keywords that fail the screen, a bad value) is sent again as the form's own submission, so
 * the page's error summary says why, as without JavaScript.
 */
export function usePreferencesSave() {
  const submit = useSubmit();
  const { revalidate } = useRevalidator();
  const flashTitle = useTitleFlash();
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const show = useCallback((next: SaveStatus) => {
    setStatus(next);
    clearTimeout(clearTimer.current);
    if (!next.failed) clearTimer.current = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
  }, []);

  const save = useCallback(
    async (form: HTMLFormElement, changed?: "style" | "composition") => {
      const preferences = preferencesOf(form);
      if (changed) flashTitle(changed, preferences);
      let response: Response;
      try {
        response = await fetch("/api/preferences", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(preferences),
        });
      } catch {
        return show({ text: GENERATION_TEXTS.preferencesSaveFailed, failed: true });
      }
      if (response.status === 400) {
        setStatus(null);
        return submit(form, { replace: true, preventScrollReset: true });
      }
      if (!response.ok) return show({ text: GENERATION_TEXTS.preferencesSaveFailed, failed: true });
      try {
        const fetched = await fetch("/api/preferences", { credentials: "include", cache: "no-store" });
        if (!fetched.ok) throw new Error(String(fetched.status));
        await fetched.json();
      } catch {
        return show({ text: GENERATION_TEXTS.preferencesFetchFailed, failed: true });
      }
      show({ text: "Preferences saved.", failed: false });
      // the spec's invalidation of what was read with the old preferences: the page's data, its reading included
      revalidate();
    },
    [flashTitle, show, submit, revalidate],
  );
  return { save, status };
}
