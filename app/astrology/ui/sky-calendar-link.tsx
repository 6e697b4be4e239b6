import type { SkyCalendarLinks } from "~/astrology/sky-calendar";

/**
 * The sky calendar's subscribe links (decision 150): `webcal:` opens the visitor's calendar app to subscribe, and
 * the plain address is there to copy into a client's "subscribe by URL" (or to download the file). Plain anchors:
 * files, not pages, so the router never handles them.
 */
export function SkyCalendarLink({ links }: { links: SkyCalendarLinks }) {
  return (
    <div className="mt-3 max-w-3xl">
      <p>
        <a href={links.webcal} className="text-cosmic underline">
          {links.label}
        </a>{" "}
        <span className="text-sm">
          {links.pasteHint}
          <a href={links.plain} className="break-all text-cosmic underline">
            {links.plain}
          </a>
          )
        </span>
      </p>
      <p className="mt-1 text-sm">{links.contents}</p>
    </div>
  );
}
