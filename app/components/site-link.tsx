import { Link, useLocation, type LinkProps } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * A link that, when it points at the page already shown, scrolls to the top instead of navigating
 * (spec part 1, "Shared shell"). Without JavaScript it is a plain link.
 */
export function SiteLink({ to, onClick, ...props }: LinkProps) {
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (typeof to === "string" && to === location.pathname && !location.search) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
  };
  return <Link to={to} onClick={handleClick} {...props} />;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}
