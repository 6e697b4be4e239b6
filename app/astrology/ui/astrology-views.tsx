import { Link } from "@remix-run/react";
import type { AstrologyTab } from "~/astrology/tab";

/**
 * The two views of /astrology as links (?tab=…, remembered by the server's cookie), so they work without
 * JavaScript; `onIntent` runs when the visitor points at, focuses or follows a tab's link (the page fetches that
 * view's code, decision 116).
 */
export function AstrologyViews({ tab, onIntent }: { tab: AstrologyTab; onIntent: (tab: AstrologyTab) => void }) {
  return (
    <nav aria-label="Astrology views" className="mt-8 flex gap-2 border-b border-violet-200">
      <TabLink to="/astrology?tab=transits" current={tab === "transits"} onIntent={() => onIntent("transits")}>
        Transits
      </TabLink>
      <TabLink to="/astrology?tab=horoscope" current={tab === "horoscope"} onIntent={() => onIntent("horoscope")}>
        Personalized Horoscope
      </TabLink>
    </nav>
  );
}

function TabLink({
  to,
  current,
  children,
  onIntent,
}: {
  to: string;
  current: boolean;
  children: string;
  onIntent: () => void;
}) {
  return (
    <Link
      to={to}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={onIntent}
      aria-current={current ? "page" : undefined}
      preventScrollReset
      className={`-mb-px rounded-t-md border px-4 py-2 font-semibold ${
        current
          ? "border-violet-200 border-b-white bg-white text-cosmic"
          : "border-transparent text-ink hover:text-cosmic"
      }`}
    >
      {children}
    </Link>
  );
}
