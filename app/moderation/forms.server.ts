import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { PublicUser } from "~/accounts/users.server";
import { redirectWithToast } from "~/utils/toast.server";
import { moderate, setModeratorRole } from "./actions.server";
import { flagItem } from "./flags.server";
import { flagSchema, moderationSchema, roleSchema } from "./schemas";

/**
 * The `flag` and `moderate` intents of a page's action (the topic page and the review queue share them): the
 * submission is validated with the form's schema, the domain decides, and the page answers with a redirect and a
 * toast (post/redirect/get) or the form's errors with the domain's status.
 */
/** The moderation forms' HTML constraints, sent by the loaders (the schemas never reach the browser). */
export const MODERATION_CONSTRAINTS = {
  flag: getZodConstraint(flagSchema),
  moderate: getZodConstraint(moderationSchema),
  role: getZodConstraint(roleSchema),
};

function failedReply(submission: { reply: (o?: { formErrors?: string[] }) => unknown }, error?: string) {
  return submission.reply(error ? { formErrors: [error] } : undefined) as SubmissionResult<string[]>;
}

const toastFor = (intent: "flag" | "moderate", description: string) => ({
  title: intent === "flag" ? "Could not flag" : "Could not complete the action",
  description,
});

export async function handleModerationIntent({
  intent,
  formData,
  user,
  redirectTo,
}: {
  intent: "flag" | "moderate";
  formData: FormData;
  user: PublicUser;
  /** where to go after success (the page without its ?confirm=) */
  redirectTo: string;
}) {
  if (intent === "flag") {
    const submission = parseWithZod(formData, { schema: flagSchema });
    if (submission.status !== "success") {
      return data(
        {
          intent,
          result: failedReply(submission),
          error: "Please check the form.",
          toast: toastFor(intent, "Please check the form."),
        },
        { status: 400 },
      );
    }
    const outcome = await flagItem({ flaggerId: user.id, input: submission.value });
    if (!outcome.ok) {
      return data(
        {
          intent,
          result: failedReply(submission, outcome.error),
          error: outcome.error,
          toast: toastFor(intent, outcome.error),
        },
        { status: outcome.status },
      );
    }
    return redirectWithToast(redirectTo, {
      title: "Thank you for flagging",
      description: outcome.hidden ? "It is hidden until a moderator reviews it." : "A moderator will review it.",
      type: "success",
    });
  }
  const submission = parseWithZod(formData, { schema: moderationSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent,
        result: failedReply(submission),
        error: "Please check the form.",
        toast: toastFor(intent, "Please check the form."),
      },
      { status: 400 },
    );
  }
  const outcome = await moderate({ actor: user, input: submission.value });
  if (!outcome.ok) {
    return data(
      {
        intent,
        result: failedReply(submission, outcome.error),
        error: outcome.error,
        toast: toastFor(intent, outcome.error),
      },
      { status: outcome.status },
    );
  }
  return redirectWithToast(redirectTo, { title: outcome.message, type: "success" });
}

/** The roles page's form: grant or take back the moderator role (admins only; the page checks). */
export async function handleRoleIntent({
  formData,
  user,
  redirectTo,
}: {
  formData: FormData;
  user: PublicUser;
  redirectTo: string;
}) {
  const submission = parseWithZod(formData, { schema: roleSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: "role",
        result: submission.reply(),
        toast: { title: "Could not change the role", description: "Please check the form." },
      },
      { status: 400 },
    );
  }
  const outcome = await setModeratorRole({ actor: user, input: submission.value });
  if (!outcome.ok) {
    return data(
      {
        intent: "role",
        result: submission.reply({ formErrors: [outcome.error] }),
        toast: { title: "Could not change the role", description: outcome.error },
      },
      { status: outcome.status },
    );
  }
  return redirectWithToast(redirectTo, { title: outcome.message, type: "success" });
}
