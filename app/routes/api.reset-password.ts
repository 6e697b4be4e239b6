import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { userJson } from "~/accounts/auth.server";
import { resetPassword } from "~/accounts/recovery.server";
import { passwordSchema } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { hasTwoFactor } from "~/accounts/two-factor.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";

/** POST /api/reset-password {token, password}: sets the new password and signs the member in (not with a second factor). */
const body = z.object({
  token: z.string({ error: "Reset token is required" }).trim().min(1, { error: "Reset token is required" }),
  password: passwordSchema,
});

export async function action({ request }: ActionFunctionArgs) {
  const { token, password } = await readBody(request, body);
  const result = await resetPassword({ token, password, origin: publicOrigin() });
  if (!result.ok) return apiError(result.status, result.error);
  // An account with a second factor (decision 210) signs in with its code: the link stood for the password only.
  if (await hasTwoFactor(result.user.id)) {
    return answer({
      user: userJson(result.user),
      message: "Your password has been reset. Sign in with it and a code from your authenticator app.",
    });
  }
  return answer(
    { user: userJson(result.user), message: "Your password has been reset and you are now signed in." },
    200,
    { "Set-Cookie": await createUserSession(result.user.id, request) },
  );
}
