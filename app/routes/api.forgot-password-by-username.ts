import type { ActionFunctionArgs } from "@remix-run/node";
import { requestRecoveryMail } from "~/accounts/recovery.server";
import { forgotPasswordByUsernameSchema } from "~/accounts/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/forgot-password-by-username {username}: the same answer whether or not an account matches (no enumeration). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { username } = await readBody(request, forgotPasswordByUsernameSchema);
  const result = await requestRecoveryMail({
    mail: { kind: "reset-by-username", username },
    ip: clientIp(context),
    origin: publicOrigin(),
  });
  if (!result.ok) return apiError(result.status, result.error);
  return answer({
    message:
      "If that account has an email address on file, we've sent it a link to reset the password. The link expires in 1 hour.",
  });
}
