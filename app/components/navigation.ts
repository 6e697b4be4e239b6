/** The site's links, in one place for the top bar, the menu panel, the side drawer and the sitemap. */
export type NavLinkItem = { to: string; label: string; shortLabel?: string };

/** Top bar (spec part 1, "Shared shell"): label on wide screens, `shortLabel` is what small screens show. */
export const TOP_BAR_LINKS: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/numbers", label: "Description" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/forum", label: "Forum" },
  { to: "/nonduality", label: "Nondual Foundation" },
  { to: "/palindrome", label: "Sacred Palindrome" },
  { to: "/octahedron", label: "Octahedron Secrets" },
  { to: "/astrology", label: "Celestial Transits" },
  { to: "/angel", label: "Angel Numbers" },
  { to: "/birth-date", label: "Birth Date Analysis" },
  { to: "/colors", label: "Color Meanings" },
  { to: "/emotions", label: "Emotions", shortLabel: "Emotional Creation" },
];

/** The side drawer's entries, as the spec lists them. */
export const DRAWER_LINKS: NavLinkItem[] = [
  { to: "/", label: "Home" },
  { to: "/numbers", label: "Universal Numbers" },
  { to: "/about", label: "About" },
  { to: "/forum", label: "Community Forum" },
  { to: "/nonduality", label: "Nondual Foundation" },
  { to: "/palindrome", label: "Sacred Palindrome" },
  { to: "/octahedron", label: "Octahedron Secrets" },
  { to: "/angel", label: "Angel Numbers" },
  { to: "/birth-date", label: "Birth Date Analysis" },
  { to: "/colors", label: "Color Meanings" },
  { to: "/emotions", label: "Emotional Creation" },
  { to: "/privacy", label: "Privacy Policy" },
];

export const PRIVACY_LINK: NavLinkItem = { to: "/privacy", label: "Privacy Policy" };
