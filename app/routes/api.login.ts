import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { authenticateForm, userJson } from "~/accounts/auth.server";
import { createUserSession } from "~/accounts/session.server";
import { answer, apiError, readBody } from "~/utils/api.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/login {username (or email), password}: `{ user }` and a fresh session cookie, or `{ error }`. */
const body = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { username, email, password } = await readBody(request, body);
  // The same form strategy as the sign-in page: hand it the credentials as a form post.
  const form = new URLSearchParams({ username: username ?? email ?? "", password: password ?? "" });
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const result = await authenticateForm(formRequest, clientIp(context));
  if (!result.ok) return apiError(result.status, result.error);
  return answer({ user: userJson(result.user) }, 200, {
    "Set-Cookie": await createUserSession(result.user.id, request),
  });
}
