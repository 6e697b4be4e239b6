import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getUserId, requireSession } from "~/accounts/session.server";
import { ProfileCard } from "~/accounts/ui/profile-card";
import { personalCalendarPath } from "~/astrology/birth-profile-calendar.server";
import { submitBirthProfileForm } from "~/astrology/birth-profile-forms.server";
import { birthProfileView } from "~/astrology/birth-profile-view.server";
import { getBirthProfile } from "~/astrology/birth-profiles.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary } from "~/components/error-summary";
import { publicOrigin } from "~/utils/env.server";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /user-profile/birth-data: the member's saved birth chart and names (private to them), today's transits to the
 * chart, the personal calendar's address, and the forms that renew that address or delete everything.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireSession(request);
  const profile = await getBirthProfile({ userId: user.id });
  return {
    view: profile ? birthProfileView(profile) : null,
    calendarUrl: profile?.birthDate ? `${publicOrigin()}${personalCalendarPath(user.id, profile)}` : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return submitBirthProfileForm(request, await getUserId(request));
}

export default function BirthData() {
  const { view, calendarUrl } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to="/user-profile" className="text-cosmic underline">
          ← Back to Account Profile
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Your Birth Chart and Name</h1>
      <p className="mt-3">
        What you save here is yours alone: no one else can see it, it is deleted with your account, and you can delete
        it now. The{" "}
        <Link to="/privacy" className="text-cosmic underline">
          privacy policy
        </Link>{" "}
        says what is kept.
      </p>
      {refused?.error ? (
        // the answer to a plain POST form, always a new page: focused (autofocus without JavaScript) and announced
        // once, as a named group (decision 450)
        <div className="mt-4">
          <ErrorSummary
            id="birth-data-refused"
            form={{ id: "birth-data-refused" }}
            title="Not saved"
            description={refused.error}
            resultKey={refused}
            onNewPage
          />
        </div>
      ) : null}

      <div className="mt-8 space-y-6">
        <ProfileCard title="Birth chart" id="saved-chart">
          {view?.chart ? (
            <div className="space-y-3">
              <p>{view.chart.summary}</p>
              <p>
                <a href={view.chart.href} className="text-cosmic underline">
                  Open your birth chart
                </a>
              </p>
              <h3 className="font-semibold">Today&apos;s transits to your chart</h3>
              {view.chart.transits.length ? (
                <ul className="list-disc pl-5">
                  {view.chart.transits.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              ) : (
                <p>No planet is within orb of an aspect to your chart today.</p>
              )}
            </div>
          ) : (
            <p>
              No chart saved. Cast yours on the{" "}
              <Link to="/birth-chart" className="text-cosmic underline">
                birth chart page
              </Link>{" "}
              and choose “Save this chart to my account”.
            </p>
          )}
        </ProfileCard>

        <ProfileCard title="Name numbers" id="saved-names">
          {view?.names ? (
            <div className="space-y-2">
              <p>{view.names.summary}</p>
              <p>
                <a href={view.names.href} className="text-cosmic underline">
                  See the working
                </a>
              </p>
            </div>
          ) : (
            <p>
              No name saved. Work out your name numbers on the{" "}
              <Link to="/birth-date#name-numbers" className="text-cosmic underline">
                birth date page
              </Link>{" "}
              and choose “Save these names to my account”.
            </p>
          )}
        </ProfileCard>

        {calendarUrl ? (
          <ProfileCard title="Personal calendar" id="personal-calendar">
            <div className="space-y-3">
              <p id="personal-calendar-about">
                Your calendar address: the sky&apos;s events and the coming year&apos;s transits to your chart. Add it
                to your calendar application as a subscription; anyone with the address can read it.
              </p>
              {/* A link, not only a read-only field: lynx and w3m follow it and copy its address (issue 47). */}
              <p>
                <a
                  href={calendarUrl}
                  aria-describedby="personal-calendar-about"
                  className="block break-all rounded-md border border-stone-300 bg-stone-100 px-3 py-2 font-mono text-sm text-cosmic underline"
                >
                  {calendarUrl}
                </a>
              </p>
              <form method="post">
                <input type="hidden" name="intent" value="renew-calendar" />
                <button type="submit" className="rounded-md border border-cosmic px-4 py-2 text-cosmic">
                  Make a new calendar address
                </button>
              </form>
            </div>
          </ProfileCard>
        ) : null}

        {view ? (
          <ProfileCard title="Delete" id="delete-birth-data">
            <form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="delete" />
              <p>Deletes your saved chart and names; your personal calendar address stops working.</p>
              <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white">
                Delete my birth data
              </button>
            </form>
          </ProfileCard>
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Your Birth Chart and Name",
    description: "Your saved birth chart and name numbers, private to you.",
    path: "/user-profile/birth-data",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
