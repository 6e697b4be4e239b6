import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PROFILE_CONSTRAINTS, submitProfileForm } from "~/accounts/forms.server";
import { listMemberSessions, requireSession } from "~/accounts/session.server";
import { TWO_FACTOR_SETTINGS_PATH } from "~/accounts/two-factor";
import { mayEnrolTwoFactor, twoFactorState } from "~/accounts/two-factor.server";
import { LogoutForm } from "~/accounts/ui/logout-form";
import { MEMBER_SINCE_HOLE, MemberSince } from "~/accounts/ui/member-since";
import { Badge, ProfileCard } from "~/accounts/ui/profile-card";
import { ResendVerification } from "~/accounts/ui/resend-verification";
import { SIGNED_IN_BROWSERS_HOLE, SignedInBrowsers } from "~/accounts/ui/signed-in-browsers";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { onUse } from "~/components/on-use";
import { PageHole, rendersPageHole } from "~/components/page-hole";
import { useHydrated } from "~/components/use-hydrated";
import { guardedClientAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { originFromMatches, pageMeta } from "~/utils/meta";

// the e-mail forms hydrate on first use (decision 109)
const AddEmailSection = onUse(() => import("~/accounts/ui/email-forms").then((m) => m.AddEmailSection));
const ChangeEmailSection = onUse(() => import("~/accounts/ui/email-forms").then((m) => m.ChangeEmailSection));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { id: sessionId, user } = await requireSession(request);
  // A member template (decision 122) leaves these out: the page cache fills them in per member.
  return {
    browsers: rendersPageHole(context, SIGNED_IN_BROWSERS_HOLE)
      ? null
      : await listMemberSessions({ userId: user.id, currentSessionId: sessionId }),
    user: {
      username: user.username,
      email: user.email,
      isEmailVerified: user.isEmailVerified,
      createdAt: rendersPageHole(context, MEMBER_SINCE_HOLE) ? null : new Date(user.createdAt).toISOString(),
    },
    // admins and moderators only (decision 210): members never see the second factor
    twoFactor: mayEnrolTwoFactor(user) ? (await twoFactorState(user.id)).state : null,
    // only the e-mail form the page shows (add one, or change the one on file)
    constraint: user.email ? PROFILE_CONSTRAINTS.changeEmail : PROFILE_CONSTRAINTS.addEmail,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { id: sessionId, user } = await requireSession(request);
  return submitProfileForm(request, { sessionId, userId: user.id, email: user.email });
}

/** With JavaScript a network failure comes back as `{ intent, failure }` (see ~/utils/client-action). */
export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function UserProfile() {
  const { user, browsers, constraint, twoFactor } = useLoaderData<typeof loader>();
  const verified = user.isEmailVerified;
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to="/" className="text-cosmic underline">
          Back to Home
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-ink">Account Profile</h1>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <div className="space-y-6 md:col-span-2">
          <ProfileCard title="Account Information" id="account-information">
            <div className="space-y-1">
              <p className="flex items-center gap-2 text-sm font-medium">
                <label htmlFor="profile-username">Username</label>
                <Badge tone="violet">Permanent</Badge>
              </p>
              <input
                id="profile-username"
                readOnly
                value={user.username}
                aria-describedby="profile-username-note"
                className="block w-full rounded-md border border-stone-300 bg-stone-100 px-3 py-2 text-ink"
              />
              <p id="profile-username-note" className="text-xs text-stone-700">
                Your username is permanent and cannot be changed.
              </p>
            </div>
            <div className="mt-4">
              <p className="text-sm font-medium">Email</p>
              <p className="mt-1 flex flex-wrap items-center gap-2">
                {user.email ? <span>{user.email}</span> : <span>No email address on file</span>}
                {user.email ? (
                  <Badge tone={verified ? "green" : "amber"}>{verified ? "Verified" : "Unverified"}</Badge>
                ) : null}
              </p>
              {user.email && !verified ? <ResendVerification /> : null}
            </div>
            <PageHole name={MEMBER_SINCE_HOLE}>
              {user.createdAt ? <MemberSince createdAt={user.createdAt} /> : null}
            </PageHole>
          </ProfileCard>

          {/* awake once the page has hydrated: the e-mail button is disabled on an untouched empty form from then on
              (spec section 5), which the part can only do once its code is there (a new prop loads it: on-use) */}
          {user.email ? (
            <ChangeEmailSection constraint={constraint} awake={hydrated} />
          ) : (
            <AddEmailSection constraint={constraint} awake={hydrated} />
          )}

          <SignedInBrowsers browsers={browsers} />

          {twoFactor ? (
            <ProfileCard title="Two-factor authentication" id="two-factor">
              <p className="flex items-center gap-2">
                <Badge tone={twoFactor === "on" ? "green" : "amber"}>{twoFactor === "on" ? "On" : "Off"}</Badge>
                <span>
                  {twoFactor === "on"
                    ? "Signing in asks for a code from your authenticator app."
                    : "Add a code from an authenticator app to your password, for signing in and admin functions."}
                </span>
              </p>
              <p className="mt-3">
                <Link to={TWO_FACTOR_SETTINGS_PATH} className="text-cosmic underline">
                  {twoFactor === "on" ? "Manage two-factor authentication" : "Set up two-factor authentication"}
                </Link>
              </p>
            </ProfileCard>
          ) : null}
        </div>

        <div className="space-y-6">
          <ProfileCard title="Account Status" id="account-status">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-2">
                <dt>Account Type</dt>
                <dd className="font-medium">Forum Member</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Email Status</dt>
                <dd>
                  <Badge tone={user.email && verified ? "green" : "amber"}>
                    {user.email && verified ? "Verified" : "Pending"}
                  </Badge>
                </dd>
              </div>
            </dl>
          </ProfileCard>
          <ProfileCard title="Account Actions" id="account-actions">
            <ul className="space-y-2">
              <li>
                <Link
                  to="/auth?dialog=reset&method=username"
                  className="block rounded-md border border-cosmic px-3 py-2 text-center text-cosmic hover:bg-cosmic-light"
                >
                  Change Password
                </Link>
              </li>
              <li>
                <Link
                  to="/user-profile/birth-data"
                  className="block rounded-md border border-cosmic px-3 py-2 text-center text-cosmic hover:bg-cosmic-light"
                >
                  Birth Chart and Name
                </Link>
              </li>
              <li>
                <Link
                  to="/user-profile/people"
                  className="block rounded-md border border-cosmic px-3 py-2 text-center text-cosmic hover:bg-cosmic-light"
                >
                  People You Compare
                </Link>
              </li>
              <li>
                <Link
                  to="/forum"
                  className="block rounded-md border border-cosmic px-3 py-2 text-center text-cosmic hover:bg-cosmic-light"
                >
                  View Forum Posts
                </Link>
              </li>
              <li>
                <LogoutForm className="w-full rounded-md bg-stone-200 px-3 py-2 text-ink hover:bg-stone-300">
                  Sign Out
                </LogoutForm>
              </li>
            </ul>
          </ProfileCard>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Account Profile",
    description: "Your account: username, email address and status.",
    path: "/user-profile",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        401: () => (
          <ErrorPanel title="Access Denied" text="You must be logged in to view your profile">
            <Link to="/auth" className="text-cosmic underline">
              Sign In
            </Link>
          </ErrorPanel>
        ),
      }}
    />
  );
}
