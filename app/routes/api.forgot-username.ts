import type { ActionFunctionArgs } from "@remix-run/node";
import { requestRecoveryMail } from "~/accounts/recovery.server";
import { forgotUsernameSchema } from "~/accounts/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/forgot-username {email}: the same answer whether or not an account matches (no enumeration). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { email } = await readBody(request, forgotUsernameSchema);
  const result = await requestRecoveryMail({
    mail: { kind: "username-reminder", email },
    ip: clientIp(context),
    origin: publicOrigin(),
  });
  if (!result.ok) return apiError(result.status, result.error);
  return answer({ message: "If an account uses that address, we've sent its username to it." });
}
