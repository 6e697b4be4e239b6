import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { COPYRIGHT, SITE_NAME, TAGLINE } from "~/site";
import { prefersReducedMotion, useLinkNavigation } from "./link-navigation";
import { DRAWER_LINKS, PRIVACY_LINK, TOP_BAR_LINKS, type NavLinkItem } from "./navigation";
import { ServerMemo } from "./server-memo";

type HeaderUser = { username: string } | null;

/**
 * The top bar: every link, the menu panel, the side drawer, and the sign-in state with the profile button. The
 * links and panels are the same on every page but for the current link: the server renders each once
 * (`<ServerMemo>`, decision 114); only the sign-in state is rendered per request. On phones (below 640 px) the
 * Menu panel is the one navigation control: the link row and the drawer's button are not shown, so the page's
 * heading starts within the first quarter of the screen (decision 140).
 */
export function SiteHeader({ user }: { user: HeaderUser }) {
  const { pathname } = useLocation();
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- one delegated handler for the links inside (Enter on a link fires click too); the element itself is not interactive
    <header className="border-b border-violet-200 bg-white" onClick={useLinkNavigation()}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <SideDrawer />
        <a href="/" className="font-serif text-xl font-bold text-cosmic">
          {SITE_NAME}
        </a>
        <div className="ml-auto flex items-center gap-3">
          <SignInState user={user} />
          <MenuPanel />
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t border-violet-100 bg-cosmic-light/60 sm:block">
        <ServerMemo
          tag="ul"
          className="mx-auto flex max-w-7xl flex-wrap gap-x-1 gap-y-1 px-2 py-2 text-sm"
          render={TopBarLinks}
          props={{ current: TOP_BAR_LINKS.find((link) => isCurrent(link.to, pathname))?.to ?? null }}
        />
      </nav>
    </header>
  );
}

/** The top bar's links; `current`: the link of the page shown (one link at most matches a path). */
export function TopBarLinks({ current }: { current: string | null }) {
  return (
    <>
      {TOP_BAR_LINKS.map((link) => (
        <li key={link.to}>
          <TopBarLink {...link} current={link.to === current} />
        </li>
      ))}
    </>
  );
}

function isCurrent(to: string, pathname: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

function TopBarLink({ to, label, shortLabel, current }: NavLinkItem & { current: boolean }) {
  return (
    <a
      href={to}
      aria-current={current ? "page" : undefined}
      className={`block rounded px-2 py-1 text-ink hover:bg-white aria-[current=page]:bg-cosmic aria-[current=page]:text-white`}
    >
      {shortLabel ? (
        <>
          <span className="md:hidden">{shortLabel}</span>
          <span className="hidden md:inline">{label}</span>
        </>
      ) : (
        label
      )}
    </a>
  );
}

function SignInState({ user }: { user: HeaderUser }) {
  const navigate = useNavigate();
  const target = user ? "/user-profile" : "/auth";
  // With JavaScript the profile button scrolls to the top first, then navigates after 500 ms (spec).
  const onProfileClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    window.setTimeout(() => navigate(target), 500);
  };
  return (
    <div className="flex items-center gap-3 text-sm">
      {user ? (
        <span>
          Signed in as{" "}
          <strong>
            <bdi>{user.username}</bdi>
          </strong>
        </span>
      ) : (
        <span className="hidden sm:inline">Not signed in</span>
      )}
      <a
        href={target}
        onClick={onProfileClick}
        className="rounded-full border border-cosmic px-3 py-1 font-medium text-cosmic hover:bg-cosmic hover:text-white"
      >
        {user ? "Profile" : "Sign In"}
      </a>
    </div>
  );
}

/** Closes a <details> panel when the route changes or Escape is pressed (it opens without JavaScript). */
function useClosingDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return ref;
}

function MenuPanel() {
  const ref = useClosingDetails();
  return (
    <details ref={ref} className="relative">
      <summary className="cursor-pointer rounded border border-violet-300 px-3 py-1 text-sm font-medium text-ink">
        Menu
      </summary>
      <ServerMemo
        tag="div"
        className="absolute right-0 z-40 mt-2 w-72 rounded-lg border border-violet-200 bg-white p-4 shadow-lg"
        render={MenuPanelContent}
        props={{}}
      />
    </details>
  );
}

/** The menu panel's links, tagline and copyright. */
export function MenuPanelContent() {
  return (
    <>
      <nav aria-label="Menu">
        <ul className="space-y-1">
          {[...TOP_BAR_LINKS, PRIVACY_LINK].map((link) => (
            <li key={link.to}>
              <a href={link.to} className="block rounded px-2 py-1 text-ink hover:bg-cosmic-light">
                {link.shortLabel ?? link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3 border-t border-violet-100 pt-3 text-sm italic text-ink">{TAGLINE}</p>
      <p className="text-xs text-ink">{COPYRIGHT}</p>
    </>
  );
}

function SideDrawer() {
  const ref = useClosingDetails();
  return (
    <details ref={ref} className="site-drawer hidden sm:block">
      <summary className="cursor-pointer rounded border border-violet-300 px-2 py-1 text-sm text-ink">
        <span aria-hidden="true">☰</span> Navigation drawer
      </summary>
      <ServerMemo
        tag="div"
        className="site-drawer-panel fixed inset-y-0 left-0 z-50 overflow-y-auto border-r border-violet-200 bg-white p-4 shadow-xl"
        render={DrawerPanelContent}
        props={{}}
      />
    </details>
  );
}

/** The side drawer's links and its close button. */
export function DrawerPanelContent() {
  return (
    <>
      <nav aria-label="Drawer">
        <ul className="space-y-1">
          {DRAWER_LINKS.map((link) => (
            <li key={link.to}>
              <a href={link.to} className="block rounded px-3 py-2 text-ink hover:bg-cosmic-light">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <CloseDrawerButton />
    </>
  );
}

function CloseDrawerButton() {
  return (
    <button
      type="button"
      className="mt-4 rounded border border-violet-300 px-3 py-1 text-sm text-ink"
      onClick={(event) => {
        const details = event.currentTarget.closest("details");
        if (details) details.open = false;
      }}
    >
      Close drawer
    </button>
  );
}
