import type { ActionFunctionArgs } from "@remix-run/node";
import { userJson } from "~/accounts/auth.server";
import { registerMember } from "~/accounts/registration.server";
import { registerSchema } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/**
 * POST /api/register {username, email, password}: `{ user }` (signed in) or, with REQUIRE_EMAIL_VERIFICATION,
 * `{ requiresEmailVerification: true, message }`; `{ error }` otherwise.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { username, email, password } = await readBody(request, registerSchema);
  const result = await registerMember({ username, email, password, ip: clientIp(context), origin: publicOrigin() });
  if (!result.ok) return apiError(result.status, result.error);
  if (result.requiresEmailVerification) {
    return answer(
      {
        requiresEmailVerification: true,
        message:
          "Check your email! We've sent you a confirmation link to complete your registration. Check your spam folder if you don't see it.",
      },
      201,
    );
  }
  return answer({ user: userJson(result.user), requiresEmailVerification: false }, 201, {
    "Set-Cookie": await createUserSession(result.user.id, request),
  });
}
