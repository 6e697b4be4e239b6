import type { ActionFunctionArgs } from "@remix-run/node";
import { userJson } from "~/accounts/auth.server";
import { addEmail } from "~/accounts/email.server";
import { addEmailSchema } from "~/accounts/schemas";
import { requireApiUser } from "~/accounts/session.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";

/** POST /api/add-email {email}: for a member without an address; a verification link is mailed. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const { email } = await readBody(request, addEmailSchema);
  const result = await addEmail({ userId: user.id, email, origin: publicOrigin() });
  if (!result.ok) return apiError(result.status, result.error);
  return answer({
    user: userJson(result.user),
    message: `We've sent a verification link to ${result.user.email}.`,
  });
}
