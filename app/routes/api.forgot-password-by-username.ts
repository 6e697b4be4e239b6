import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFailure, parseApiBody, requirePost } from "~/accounts/api.server";
import { requestPasswordResetByUsername } from "~/accounts/recovery.server";
import { forgotPasswordByUsernameSchema } from "~/accounts/schemas";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/forgot-password-by-username {username}: the same answer whether or not an account matches (no enumeration). */
export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const { username } = await parseApiBody(request, forgotPasswordByUsernameSchema);
  const result = await requestPasswordResetByUsername({ username, ip: clientIp(context), origin: publicOrigin() });
  if (!result.ok) return apiFailure(result);
  return Response.json({
    message:
      "If that account has an email address on file, we've sent it a link to reset the password. The link expires in 1 hour.",
  });
}
