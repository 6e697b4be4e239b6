import { useCallback, useEffect, useRef } from "react";
import { MESSAGES } from "../formats";

/** Renewed this long before it expires, so a model asked for just before expiry still carries a valid token. */
const RENEW_BEFORE_MS = 60_000;

type HeldToken = { value: string; expiresAt: number };

/**
 * The viewer token (GET /api/3d/viewer-token): fetched when the page loads (a failure is only logged, as the spec
 * says), renewed a minute before it expires, and fetched afresh on demand (`getToken(true)`, after a 401). The
 * token lives in a ref: a renewal does not re-render the page or rebuild the viewer. A timer in a sleeping tab may
 * fire late, so `getToken` also checks the expiry itself.
 */
export function useViewerToken() {
  const held = useRef<HeldToken | null>(null);
  const pending = useRef<Promise<string | null> | null>(null);
  const timer = useRef<number | null>(null);

  const fetchToken = useCallback((): Promise<string | null> => {
    pending.current ??= fetch("/api/3d/viewer-token", { credentials: "same-origin", cache: "no-store" })
      .then(async (r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}: ${await r.text()}`))))
      .then((body: { access_token: string; expires_in: number }) => {
        const lifetime = body.expires_in * 1000;
        held.current = { value: body.access_token, expiresAt: Date.now() + lifetime };
        if (timer.current) clearTimeout(timer.current);
        timer.current = window.setTimeout(() => void fetchToken(), Math.max(lifetime - RENEW_BEFORE_MS, lifetime / 2));
        return body.access_token;
      })
      .catch((error) => {
        console.error(MESSAGES.viewerTokenFailed, error);
        return null;
      })
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, []);

  useEffect(() => {
    void fetchToken();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [fetchToken]);

  /** A token valid for at least the next minute (`fresh`: a new one, whatever the one held says). */
  const getToken = useCallback(
    async (fresh = false): Promise<string | null> => {
      const token = held.current;
      if (!fresh && token && token.expiresAt - Date.now() > RENEW_BEFORE_MS) return token.value;
      return fetchToken();
    },
    [fetchToken],
  );
  return getToken;
}
