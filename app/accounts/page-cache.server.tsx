import type { Request as ExpressRequest } from "express";
import { renderToStaticMarkup } from "react-dom/server";
import {
  asTemplateMember,
  listMemberSessions,
  SESSION_COOKIE_NAME,
  TEMPLATE_MEMBER,
  templatedSession,
} from "~/accounts/session.server";
import { MEMBER_SINCE_HOLE, MemberSince } from "~/accounts/ui/member-since";
import { BrowserList, SIGNED_IN_BROWSERS_HOLE } from "~/accounts/ui/signed-in-browsers";
import type { MemberTemplates, MemberVariant, PageSection } from "~/page-cache/section";
import { COOKIES } from "~/utils/cookies";

const VERIFIED = "verified";

/**
 * A member's profile from the member template (decision 122): the page is the same for every plain member with an
 * e-mail address but for their id, name and address (put in as decision 120 puts in a name), whether the address is
 * verified (the key: it shows a badge and the form to have the link sent again) and two holes filled per response:
 * when they joined and their signed-in browsers, read now. A query (a dialog, say) gets the page rendered for them.
 */
async function profileMemberVariant(req: ExpressRequest): Promise<MemberVariant | null> {
  if (req.url.includes("?")) return null;
  const session = await templatedSession(req.headers.cookie);
  if (!session) return null;
  const { user } = session;
  const browsers = await listMemberSessions({ userId: user.id, currentSessionId: session.id });
  return {
    key: user.isEmailVerified ? VERIFIED : "unverified",
    member: { id: user.id, name: user.username, email: user.email },
    holes: {
      [SIGNED_IN_BROWSERS_HOLE]: renderToStaticMarkup(<BrowserList browsers={browsers} />),
      [MEMBER_SINCE_HOLE]: renderToStaticMarkup(<MemberSince createdAt={new Date(user.createdAt).toISOString()} />),
    },
  };
}

/**
 * The profile page, for members only: a signed-out visitor is sent to sign in (never kept). Nothing in its template
 * changes but with the build; each member's own parts are read on every response.
 */
export const profilePage: PageSection = {
  name: "profile",
  paths: [/^\/user-profile\/?$/],
  vary: () => Promise.resolve(null),
  members: memberTemplates(profileMemberVariant, [SIGNED_IN_BROWSERS_HOLE, MEMBER_SINCE_HOLE], (variant) => ({
    isEmailVerified: variant.key === VERIFIED,
  })),
};

/**
 * A section's member templates (decision 120): a plain member's request (the session, the e-mail prompt's cookie)
 * served from templates rendered as the template member, `as` saying what of them the variant changes.
 */
export function memberTemplates(
  resolve: MemberTemplates["resolve"],
  holes: string[],
  as: (variant: MemberVariant) => Parameters<typeof asTemplateMember>[1] = () => ({}),
): MemberTemplates {
  return {
    cookies: [SESSION_COOKIE_NAME, COOKIES.emailPromptLater.name],
    templateMember: { id: TEMPLATE_MEMBER.id, name: TEMPLATE_MEMBER.username, email: TEMPLATE_MEMBER.email },
    holes,
    resolve,
    asTemplateMember: (render, variant) => asTemplateMember(render, as(variant)),
  };
}
