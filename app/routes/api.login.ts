import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { authenticateForm, userJson } from "~/accounts/auth.server";
import { CODE_OR_RECOVERY_MESSAGE } from "~/accounts/schemas";
import { createUserSession } from "~/accounts/session.server";
import { checkCode, hasTwoFactor } from "~/accounts/two-factor.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { clientIp } from "~/utils/http.server";

/**
 * POST /api/login {username (or email), password, code?}: `{ user }` and a fresh session cookie, or `{ error }`. An
 * account with a second factor (decision 210) also sends `code`: a current code from the authenticator app, or a
 * recovery code; without it the answer is 401 with `twoFactorRequired: true`.
 */
const body = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  code: z.string().max(40).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { username, email, password, code } = await readBody(request, body);
  // The same form strategy as the sign-in page: hand it the credentials as a form post.
  const form = new URLSearchParams({ username: username ?? email ?? "", password: password ?? "" });
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const ip = clientIp(context);
  const result = await authenticateForm(formRequest, ip);
  if (!result.ok) return apiError(result.status, result.error);
  if (await hasTwoFactor(result.user.id)) {
    if (!code?.trim()) return apiError(401, CODE_OR_RECOVERY_MESSAGE, { twoFactorRequired: true });
    const second = await checkCode({ user: result.user, code, allowRecovery: true, ip });
    if (!second.ok) return apiError(second.status === 400 ? 401 : second.status, second.error);
  }
  return answer({ user: userJson(result.user) }, 200, {
    "Set-Cookie": await createUserSession(result.user.id, request),
  });
}
