import type { ActionFunctionArgs } from "@remix-run/node";
import { requestRecoveryMail } from "~/accounts/recovery.server";
import { forgotPasswordByEmailSchema } from "~/accounts/schemas";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/forgot-password {email}: the same answer whether or not an account matches (no enumeration). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { email } = await readBody(request, forgotPasswordByEmailSchema);
  const result = await requestRecoveryMail({
    mail: { kind: "reset-by-email", email },
    ip: clientIp(context),
    origin: publicOrigin(),
  });
  if (!result.ok) return apiError(result.status, result.error);
  return answer({
    message: "If an account uses that address, we've sent a link to reset its password. The link expires in 1 hour.",
  });
}
