import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFailure, parseApiBody, requirePost } from "~/accounts/api.server";
import { requestPasswordResetByEmail } from "~/accounts/recovery.server";
import { forgotPasswordByEmailSchema } from "~/accounts/schemas";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/forgot-password {email}: the same answer whether or not an account matches (no enumeration). */
export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const { email } = await parseApiBody(request, forgotPasswordByEmailSchema);
  const result = await requestPasswordResetByEmail({ email, ip: clientIp(context), origin: publicOrigin() });
  if (!result.ok) return apiFailure(result);
  return Response.json({
    message: "If an account uses that address, we've sent a link to reset its password. The link expires in 1 hour.",
  });
}
