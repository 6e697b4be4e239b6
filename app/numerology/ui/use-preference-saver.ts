import { useCallback, useEffect, useRef } from "react";
import { useToast } from "~/components/toaster";
import type { Preferences } from "~/preferences/options";
import { useTitleFlash } from "~/preferences/title-flash";
import { GENERATION_TEXTS } from "../texts";

const KEYWORDS_PAUSE_MS = 600;

/** Saves the preferences through POST /api/preferences; screened keywords are refused with the spec's 'Content Alert'. */
async function savePreferences(all: Preferences, show: ReturnType<typeof useToast>["show"]) {
  try {
    const response = await fetch("/api/preferences", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(all),
    });
    if (response.status === 400) {
      const body = (await response.json().catch(() => ({}))) as { code?: string; title?: string; error?: string };
      if (body.code === "GRAPHIC_ALERT")
        return show({ title: body.title ?? "Content Alert", description: body.error, type: "error" });
    }
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  } catch {
    show({ title: GENERATION_TEXTS.preferencesSaveFailed, type: "error" });
  }
}

/**
 * With JavaScript, the home page saves style and length as soon as they change (without regenerating) and shows
 * it in the title for 2 s; keywords are saved once the visitor pauses typing. Without JavaScript the preferences
 * travel with the form instead.
 */
export function usePreferenceSaver() {
  const { show } = useToast();
  const flashTitle = useTitleFlash();
  const keywordTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(keywordTimer.current), []);
  return useCallback(
    (field: keyof Preferences, _value: string, all: Preferences) => {
      if (field === "keywords") {
        clearTimeout(keywordTimer.current);
        keywordTimer.current = setTimeout(() => savePreferences(all, show), KEYWORDS_PAUSE_MS);
        return;
      }
      void savePreferences(all, show);
      flashTitle(field, all);
    },
    [show, flashTitle],
  );
}
