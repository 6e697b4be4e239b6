import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getUserId, requireSession } from "~/accounts/session.server";
import { ProfileCard } from "~/accounts/ui/profile-card";
import { submitPeopleForm } from "~/astrology/saved-people-forms.server";
import { personChoice } from "~/astrology/saved-people-view.server";
import { listPeople, PEOPLE_LIMIT } from "~/astrology/saved-people.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary } from "~/components/error-summary";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /user-profile/people: the other people's births a member keeps for the compatibility page (private to them),
 * each with a form that deletes it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireSession(request);
  const people = await listPeople({ userId: user.id });
  return { people: people.map(personChoice), limit: PEOPLE_LIMIT };
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPeopleForm(request, await getUserId(request));
}

export default function People() {
  const { people, limit } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to="/user-profile" className="text-cosmic underline">
          ← Back to Account Profile
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">People You Compare</h1>
      <p className="mt-3">
        The births you keep here are for the{" "}
        <Link to="/compatibility" className="text-cosmic underline">
          compatibility page
        </Link>
        , where you can choose them instead of typing them again. They are yours alone: no one else can see them, each
        can be deleted now, and all are deleted with your account. The{" "}
        <Link to="/privacy" className="text-cosmic underline">
          privacy policy
        </Link>{" "}
        says what is kept. Up to {limit} people.
      </p>
      {refused?.error ? (
        // the answer to a plain POST form, always a new page: focused (autofocus without JavaScript) and announced
        // once, as a named group (decision 450)
        <div className="mt-4">
          <ErrorSummary
            id="people-refused"
            form={{ id: "people-refused" }}
            title="Not saved"
            description={refused.error}
            resultKey={refused}
            onNewPage
          />
        </div>
      ) : null}
      <div className="mt-8">
        <ProfileCard title={`Kept people (${people.length})`} id="people">
          {people.length ? (
            <ul className="space-y-3">
              {people.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <strong>{p.name}</strong>, {p.summary}
                  </span>
                  <form method="post">
                    <input type="hidden" name="intent" value="delete-person" />
                    <input type="hidden" name="id" value={p.id} />
                    <button type="submit" className="rounded-md border border-red-700 px-3 py-1 text-red-800">
                      Delete {p.name}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          ) : (
            <p>
              No one yet. On the compatibility page, a comparison&apos;s &ldquo;Keep … in my people&rdquo; button adds a
              person here.
            </p>
          )}
        </ProfileCard>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "People You Compare",
    description: "The births you keep for the compatibility page, private to you.",
    path: "/user-profile/people",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
