import { COPYRIGHT, TAGLINE } from "~/site";
import { useLinkNavigation } from "./link-navigation";
import { PRIVACY_LINK } from "./navigation";

export function SiteFooter() {
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <footer className="site-footer mt-16 border-t border-violet-200 bg-white" onClick={useLinkNavigation()}>
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-ink sm:flex-row sm:items-center sm:justify-between">
        <p className="font-serif italic">{TAGLINE}</p>
        <p>{COPYRIGHT}</p>
        <a href={PRIVACY_LINK.to} className="underline">
          {PRIVACY_LINK.label}
        </a>
      </div>
    </footer>
  );
}
