import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { userJson } from "~/accounts/auth.server";
import { resetPassword } from "~/accounts/recovery.server";
import { passwordSchema } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";

/** POST /api/reset-password {token, password}: sets the new password and signs the member in. */
const body = z.object({
  token: z.string({ error: "Reset token is required" }).trim().min(1, { error: "Reset token is required" }),
  password: passwordSchema,
});

export async function action({ request }: ActionFunctionArgs) {
  const { token, password } = await readBody(request, body);
  const result = await resetPassword({ token, password, origin: publicOrigin() });
  if (!result.ok) return apiError(result.status, result.error);
  return answer(
    { user: userJson(result.user), message: "Your password has been reset and you are now signed in." },
    200,
    { "Set-Cookie": await createUserSession(result.user.id, request) },
  );
}
