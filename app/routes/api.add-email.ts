import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFailure, parseApiBody, requirePost } from "~/accounts/api.server";
import { userJson } from "~/accounts/auth.server";
import { addEmail } from "~/accounts/email.server";
import { addEmailSchema } from "~/accounts/schemas";
import { requireApiUser } from "~/accounts/session.server";
import { publicOrigin } from "~/utils/env.server";

/** POST /api/add-email {email}: for a member without an address; a verification link is mailed. */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  const user = await requireApiUser(request);
  const { email } = await parseApiBody(request, addEmailSchema);
  const result = await addEmail({ userId: user.id, email, origin: publicOrigin() });
  if (!result.ok) return apiFailure(result);
  return Response.json({
    user: userJson(result.user),
    message: `We've sent a verification link to ${result.user.email}.`,
  });
}
