import { useCallback, useEffect, useState, type MouseEvent } from "react";
import { useToast } from "~/components/toaster";
import { failureText } from "~/utils/client-action";
import type { EmailExport } from "../emails.server";

const API = "/api/admin/email-list";

/**
 * The admin e-mail list page with JavaScript (decision 2; spec section 8, Admin list). Refresh re-reads the list
 * from the JSON API in place and says what failed; the downloads run through fetch so the page can confirm them
 * (without JavaScript the links download and Refresh reloads the page). The API is a resource route, not the
 * page's loader, so this is a small hook rather than a Remix fetcher.
 */
export function useEmailList(loaded: EmailExport) {
  const { show } = useToast();
  const [list, setList] = useState(loaded);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setList(loaded), [loaded]);

  const refresh = useCallback(async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setRefreshing(true);
    try {
      const response = await fetch(API, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) return setError(`Error: HTTP ${response.status}: ${response.statusText}`);
      setList((await response.json()) as EmailExport);
      setError(null);
    } catch {
      setError("Failed to fetch email list");
    } finally {
      setRefreshing(false);
    }
  }, []);

  const download = useCallback(
    async (event: MouseEvent<HTMLAnchorElement>, format: "csv" | "txt") => {
      event.preventDefault();
      try {
        const response = await fetch(`${API}?format=${format}`, { credentials: "same-origin" });
        if (!response.ok) {
          show({ title: "Download Failed", description: `Download failed: ${response.statusText}`, type: "error" });
          return;
        }
        const url = URL.createObjectURL(await response.blob());
        const anchor = document.createElement("a");
        anchor.href = url;
        anchor.download = `forum-emails.${format}`;
        document.body.append(anchor);
        anchor.click();
        anchor.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
        show({ title: "Downloaded!", type: "success" });
      } catch (failure) {
        // the reason in the site's words, never the browser's "TypeError: Failed to fetch" (issue 47)
        show({
          title: "Download Failed",
          description: `Download failed: ${failureText(failure).reason}`,
          type: "error",
        });
      }
    },
    [show],
  );

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        show({ title: "Copied!", type: "success" });
      } catch {
        show({ title: "Copy Failed", description: "Could not copy to clipboard", type: "error" });
      }
    },
    [show],
  );

  return { list, refreshing, error, refresh, download, copy };
}
