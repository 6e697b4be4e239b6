import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { submitTwoFactorSettings, TWO_FACTOR_CONSTRAINTS } from "~/accounts/forms.server";
import { requireRecentAuth } from "~/accounts/reauth.server";
import { requireUser } from "~/accounts/session.server";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_SETTINGS_PATH } from "~/accounts/two-factor";
import { mayEnrolTwoFactor, pendingEnrolment, twoFactorState, type TwoFactorState } from "~/accounts/two-factor.server";
import { IntentButton } from "~/accounts/ui/intent-button";
import { RecoveryCodesPanel } from "~/accounts/ui/two-factor-parts";
import { isAdminUser, type PublicUser } from "~/accounts/users.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { onUse } from "~/components/on-use";
import { guardedClientAction, shouldRevalidateAfterFailure } from "~/utils/client-action";
import { originFromMatches, pageMeta } from "~/utils/meta";

/**
 * /user-profile/two-factor (issue 33, decision 210): an admin's or a moderator's second factor. Set up (the key as
 * text, the otpauth address, a QR code drawn on the server; switched on by a first code, then ten recovery codes
 * shown once), new recovery codes and turning it off (a current code). Every change, and the key itself, needs
 * the recent authentication of admin functions (decision 164). Members get 403: only staff may enrol.
 */
async function requireAccess(request: Request): Promise<{ user: PublicUser; state: TwoFactorState }> {
  const user = await requireUser(request);
  const state = await twoFactorState(user.id);
  // a second factor already on can still be managed by someone no longer staff
  if (!mayEnrolTwoFactor(user) && state.state === "off") {
    throw new Response("Forbidden: two-factor authentication is for moderators and admins.", { status: 403 });
  }
  return { user, state };
}

// the code forms hydrate on first use (decision 109)
const forms = () => import("~/accounts/ui/two-factor-forms");
const ConfirmEnrolmentForm = onUse(() => forms().then((m) => m.ConfirmEnrolmentForm));
const RegenerateCodesForm = onUse(() => forms().then((m) => m.RegenerateCodesForm));
const DisableTwoFactorForm = onUse(() => forms().then((m) => m.DisableTwoFactorForm));

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, state } = await requireAccess(request);
  // The key is shown only to a browser that has just proved it is the member.
  if (state.state === "pending") await requireRecentAuth(request, { returnTo: TWO_FACTOR_SETTINGS_PATH });
  return {
    state,
    // admins must have it on (decision 291): the page says so until it is
    required: isAdminUser(user) && state.state !== "on",
    enrolment: state.state === "pending" ? await pendingEnrolment(user) : null,
    constraints: TWO_FACTOR_CONSTRAINTS,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireAccess(request);
  await requireRecentAuth(request, { returnTo: TWO_FACTOR_SETTINGS_PATH });
  return submitTwoFactorSettings(request, user);
}

export const clientAction = guardedClientAction;
export const shouldRevalidate = shouldRevalidateAfterFailure;

export default function TwoFactorSettings() {
  const { state, required, enrolment, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { recoveryCodes?: string[] } | undefined;
  const codes = answer?.recoveryCodes;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <p>
        <Link to="/user-profile" className="text-cosmic underline">
          Back to your profile
        </Link>
      </p>
      <h1 className="font-serif text-4xl font-bold text-ink">Two-factor authentication</h1>
      <p>
        With two-factor authentication on, signing in and admin functions ask for a code from an authenticator app on
        your phone (such as FreeOTP, Aegis or Google Authenticator) as well as your password.
      </p>
      {required ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Admins need two-factor authentication: the admin pages open once it is on.
        </p>
      ) : null}
      {codes ? <RecoveryCodesPanel codes={codes} /> : null}

      {state.state === "off" ? (
        <section aria-labelledby="two-factor-off" className="space-y-4">
          <h2 id="two-factor-off" className="font-serif text-xl font-bold">
            Two-factor authentication is off
          </h2>
          <IntentButton intent="start" busyLabel="Starting...">
            Set up two-factor authentication
          </IntentButton>
        </section>
      ) : null}

      {state.state === "pending" && enrolment ? (
        <>
          <section aria-labelledby="two-factor-key" className="space-y-3">
            <h2 id="two-factor-key" className="font-serif text-xl font-bold">
              1. Add this account to your authenticator app
            </h2>
            <p>Type this key into the app (choose “time-based”; the spaces do not matter):</p>
            <p>
              Key: <code className="font-mono text-lg font-semibold break-all">{enrolment.groupedSecret}</code>
            </p>
            <p>
              Or, on the device that has the app, open this address:{" "}
              <a href={enrolment.uri} className="break-all text-cosmic underline">
                {enrolment.uri}
              </a>
            </p>
            <p>Or scan this QR code, which holds the same address:</p>
            <img
              src={enrolment.qrSvgDataUri}
              alt="QR code of the otpauth address above"
              width={200}
              height={200}
              className="border border-stone-300"
            />
          </section>
          <ConfirmEnrolmentForm constraint={constraints.code} />
          <IntentButton intent="cancel" busyLabel="Cancelling...">
            Cancel set-up
          </IntentButton>
        </>
      ) : null}

      {state.state === "on" ? (
        <>
          <section aria-labelledby="two-factor-on" className="space-y-2">
            <h2 id="two-factor-on" className="font-serif text-xl font-bold">
              Two-factor authentication is on
            </h2>
            <p>
              {state.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
            </p>
          </section>
          {/* drawn anew after new codes: the errors of an earlier try go */}
          <RegenerateCodesForm key={codes?.[0] ?? "form"} constraint={constraints.codeOrRecovery} />
          <DisableTwoFactorForm constraint={constraints.codeOrRecovery} />
        </>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Two-factor Authentication",
    description: "Set up, renew or turn off the second factor of your account.",
    path: TWO_FACTOR_SETTINGS_PATH,
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
