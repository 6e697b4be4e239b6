import type { ReactNode } from "react";

/**
 * A note said with a result, e.g. that the day's AI budget is spent and the site's own offline composer wrote it.
 * A `note` role, not an alert: it is read where it stands, after the text it is about.
 */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="mt-3 rounded border border-violet-300 bg-violet-50 p-3 text-sm">
      {children}
    </p>
  );
}
