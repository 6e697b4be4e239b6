import type { Synastry } from "~/astrology/synastry.server";

/**
 * "Keep … in my people": for each person of a comparison who has a name, a POST form of hidden fields to the
 * member's people page (a signed-out visitor is sent to sign in and back here, the address still holding both).
 */
export function KeepPeopleForms({
  synastry,
  folds,
  back,
}: {
  synastry: Synastry;
  /** which of two repeated clock times each birth is, as the address gives it */
  folds: { a: string; b: string };
  back: string;
}) {
  return (
    <section aria-labelledby="keep-people-title" className="mt-10 space-y-3">
      <h2 id="keep-people-title" className="font-serif text-2xl font-bold">
        Keep these people
      </h2>
      <p className="text-sm">
        Members only: kept privately on your account&apos;s people page, to choose on this form next time. Nothing is
        kept unless you press a button.
      </p>
      {[synastry.a, synastry.b].map((p) =>
        p.name ? (
          <form key={p.side} method="post" action="/user-profile/people">
            <input type="hidden" name="intent" value="add-person" />
            <input type="hidden" name="back" value={back} />
            <input type="hidden" name="name" value={p.name} />
            <input type="hidden" name="date" value={p.birth.date} />
            <input type="hidden" name="time" value={p.birth.time ?? ""} />
            <input type="hidden" name="place" value={p.birth.place.id} />
            <input type="hidden" name="fold" value={folds[p.side]} />
            <button type="submit" className="rounded-md border border-cosmic px-4 py-2 font-semibold text-cosmic">
              Keep {p.name} in my people
            </button>
          </form>
        ) : (
          <p key={p.side}>Give {p.label} a name on the form to keep them.</p>
        ),
      )}
    </section>
  );
}
