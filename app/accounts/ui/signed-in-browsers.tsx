import { Form } from "@remix-run/react";
import type { SignedInBrowser } from "~/accounts/session.server";
import { useFormBusy } from "~/components/form-busy";
import { PageHole } from "~/components/page-hole";
import { SubmitButton } from "~/components/submit-button";
import { formatUtcDateTime24 } from "~/utils/dates";
import { Badge, ProfileCard } from "./profile-card";

/** The profile's list of signed-in browsers as a page-cache hole (decision 122): each member's own, per response. */
export const SIGNED_IN_BROWSERS_HOLE = "signed-in-browsers";

/**
 * Decision 012: the member's sessions, and a way to end every one but this browser's (a plain form). `null`: the
 * page is a member template (decision 122), whose list the page cache fills in per member.
 */
export function SignedInBrowsers({ browsers }: { browsers: SignedInBrowser[] | null }) {
  const busy = useFormBusy("sign-out-others");
  return (
    <ProfileCard title="Signed-in Browsers" id="signed-in-browsers">
      <p className="text-sm">Browsers where your account is signed in. Sign out of any you do not recognise.</p>
      <PageHole name={SIGNED_IN_BROWSERS_HOLE}>{browsers ? <BrowserList browsers={browsers} /> : null}</PageHole>
      <Form method="post" className="mt-4" preventScrollReset>
        <input type="hidden" name="intent" value="sign-out-others" />
        <SubmitButton busy={busy} busyLabel="Signing out...">
          Sign out of all other devices
        </SubmitButton>
      </Form>
    </ProfileCard>
  );
}

/**
 * The list itself, rendered in the page and on its own for the page cache's hole (the same markup: no two texts side
 * by side, which React would part with a comment in a page and not in the hole).
 */
export function BrowserList({ browsers }: { browsers: SignedInBrowser[] }) {
  return (
    <ul className="mt-4 divide-y divide-violet-100" aria-label="Signed-in browsers">
      {browsers.map((browser, index) => (
        <li key={index} className="py-3">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span>{browser.device}</span>
            {browser.current ? <Badge tone="green">This browser</Badge> : null}
          </p>
          <p className="text-sm text-stone-700">
            Signed in <time dateTime={browser.createdAt}>{formatUtcDateTime24(browser.createdAt)}</time>
            {" · Last seen "}
            <time dateTime={browser.lastSeenAt}>{formatUtcDateTime24(browser.lastSeenAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
