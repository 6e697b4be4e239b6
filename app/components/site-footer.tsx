import { COPYRIGHT, PRIVACY_LINK, TAGLINE } from "./navigation";
import { SiteLink } from "./site-link";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-violet-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-ink sm:flex-row sm:items-center sm:justify-between">
        <p className="font-serif italic">{TAGLINE}</p>
        <p>{COPYRIGHT}</p>
        <SiteLink to={PRIVACY_LINK.to} className="underline">
          {PRIVACY_LINK.label}
        </SiteLink>
      </div>
    </footer>
  );
}
