import { Form } from "@remix-run/react";
import type { SignedInBrowser } from "~/accounts/session.server";
import { SubmitButton } from "~/components/submit-button";
import { formatUtcDateTime24 } from "~/utils/dates";
import { useIntentBusy } from "./intent-answer";
import { Badge, ProfileCard } from "./profile-card";

/** Decision 012: the member's sessions, and a way to end every one but this browser's (a plain form). */
export function SignedInBrowsers({ browsers }: { browsers: SignedInBrowser[] }) {
  const busy = useIntentBusy("sign-out-others");
  return (
    <ProfileCard title="Signed-in Browsers" id="signed-in-browsers">
      <p className="text-sm">Browsers where your account is signed in. Sign out of any you do not recognise.</p>
      <ul className="mt-4 divide-y divide-violet-100" aria-label="Signed-in browsers">
        {browsers.map((browser, index) => (
          <li key={index} className="py-3">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span>{browser.device}</span>
              {browser.current ? <Badge tone="green">This browser</Badge> : null}
            </p>
            <p className="text-sm text-stone-700">
              Signed in <time dateTime={browser.createdAt}>{formatUtcDateTime24(browser.createdAt)}</time>
              {" · "}
              Last seen <time dateTime={browser.lastSeenAt}>{formatUtcDateTime24(browser.lastSeenAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4" preventScrollReset>
        <input type="hidden" name="intent" value="sign-out-others" />
        <SubmitButton busy={busy} busyLabel="Signing out...">
          Sign out of all other devices
        </SubmitButton>
      </Form>
    </ProfileCard>
  );
}
