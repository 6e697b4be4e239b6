import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiFailure, parseApiBody, requirePost } from "~/accounts/api.server";
import { userJson } from "~/accounts/auth.server";
import { resetPassword } from "~/accounts/recovery.server";
import { passwordSchema } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { publicOrigin } from "~/utils/env.server";

/** POST /api/reset-password {token, password}: sets the new password and signs the member in. */
const body = z.object({
  token: z.string({ error: "Reset token is required" }).trim().min(1, { error: "Reset token is required" }),
  password: passwordSchema,
});

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  const { token, password } = await parseApiBody(request, body);
  const result = await resetPassword({ token, password, origin: publicOrigin() });
  if (!result.ok) return apiFailure(result);
  return Response.json(
    { user: userJson(result.user), message: "Your password has been reset and you are now signed in." },
    { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
  );
}
