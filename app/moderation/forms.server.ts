import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { PublicUser } from "~/accounts/users.server";
import { redirectWithToast } from "~/utils/toast.server";
import { moderate } from "./actions.server";
import { flagItem } from "./flags.server";
import { flagSchema, moderationSchema } from "./schemas";

/**
 * The `flag` and `moderate` intents of a page's action (the topic page and the review queue share them): the
 * submission is validated with the form's schema, the domain decides, and the page answers with a redirect and a
 * toast (post/redirect/get) or the form's errors with the domain's status.
 */
function failedReply(submission: { reply: (o?: { formErrors?: string[] }) => unknown }, error?: string) {
  return submission.reply(error ? { formErrors: [error] } : undefined) as import("@conform-to/react").SubmissionResult<
    string[]
  >;
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
