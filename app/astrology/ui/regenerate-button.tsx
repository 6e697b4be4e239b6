import type { BodyName } from "~/astrology/zodiac-names";

/**
 * The spec's 'regenerate' button "only logs and does not regenerate" (decision 143): it notes the request in the
 * browser's console and says so, pointing at what does give a new reading (choosing the planet again). It is shown
 * only once the page has hydrated (horoscope.tsx), and its code is fetched then.
 */
export function RegenerateButton({ planet }: { planet: BodyName }) {
  return (
    <p className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-describedby="regenerate-hint"
        onClick={() => console.info(`regenerate requested for ${planet}: logged only, as the spec says`)}
        className="rounded-lg border border-cosmic px-4 py-2 font-semibold text-cosmic hover:bg-violet-50"
      >
        Regenerate
      </button>
      <span id="regenerate-hint" className="text-sm">
        This button only notes the request; for a new reading, choose {planet} again above.
      </span>
    </p>
  );
}
