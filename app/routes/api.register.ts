import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFailure, parseApiBody, requirePost } from "~/accounts/api.server";
import { userJson } from "~/accounts/auth.server";
import { registerMember } from "~/accounts/registration.server";
import { registerSchema } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { publicOrigin } from "~/utils/env.server";
import { clientIp } from "~/utils/http.server";

/**
 * POST /api/register {username, email, password}: `{ user }` (signed in) or, with REQUIRE_EMAIL_VERIFICATION,
 * `{ requiresEmailVerification: true, message }`; `{ error }` otherwise.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const { username, email, password } = await parseApiBody(request, registerSchema);
  const result = await registerMember({ username, email, password, ip: clientIp(context), origin: publicOrigin() });
  if (!result.ok) return apiFailure(result);
  if (result.requiresEmailVerification) {
    return Response.json(
      {
        requiresEmailVerification: true,
        message:
          "Check your email! We've sent you a confirmation link to complete your registration. Check your spam folder if you don't see it.",
      },
      { status: 201 },
    );
  }
  return Response.json(
    { user: userJson(result.user), requiresEmailVerification: false },
    { status: 201, headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
  );
}
