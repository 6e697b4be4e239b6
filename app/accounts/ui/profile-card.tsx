import type { ReactNode } from "react";

/** A titled section of the profile page (a region named by its heading). */
export function ProfileCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-violet-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="font-serif text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const BADGE_COLOURS = {
  violet: "bg-cosmic-light text-cosmic",
  green: "bg-green-100 text-green-900",
  amber: "bg-amber-100 text-amber-950",
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_COLOURS; children: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_COLOURS[tone]}`}>{children}</span>;
}
