import type { ActionFunctionArgs } from "@remix-run/node";
import { userJson } from "~/accounts/auth.server";
import { changeEmail } from "~/accounts/email.server";
import { changeEmailSchema } from "~/accounts/schemas";
import { requireApiSession } from "~/accounts/session.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";

/**
 * POST /api/change-email {newEmail, currentPassword}: `{ message, user }` or `{ error }`; verification resets, the
 * old address is told and every other session of the member ends.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { id: sessionId, user } = await requireApiSession(request);
  const { newEmail, currentPassword } = await readBody(request, changeEmailSchema);
  const result = await changeEmail({ userId: user.id, sessionId, newEmail, currentPassword, origin: publicOrigin() });
  if (!result.ok) return apiError(result.status, result.error);
  return answer({
    message: `Your email address has been updated successfully. We've sent a verification link to ${result.user.email}.`,
    user: userJson(result.user),
  });
}
