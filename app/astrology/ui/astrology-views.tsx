import { Link } from "@remix-run/react";
import type { AstrologyTab } from "~/astrology/tab";

/**
 * The two views of /astrology as links (?tab=…, remembered by the server's cookie), so they work without
 * JavaScript; `onTransits` runs when the transits link is followed.
 */
export function AstrologyViews({ tab, onTransits }: { tab: AstrologyTab; onTransits: () => void }) {
  return (
    <nav aria-label="Astrology views" className="mt-8 flex gap-2 border-b border-violet-200">
      <TabLink to="/astrology?tab=transits" current={tab === "transits"} onChoose={onTransits}>
        Transits
      </TabLink>
      <TabLink to="/astrology?tab=horoscope" current={tab === "horoscope"}>
        Personalized Horoscope
      </TabLink>
    </nav>
  );
}

function TabLink({
  to,
  current,
  children,
  onChoose,
}: {
  to: string;
  current: boolean;
  children: string;
  onChoose?: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onChoose}
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
