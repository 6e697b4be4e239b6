import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiFailure, parseApiBody, requirePost } from "~/accounts/api.server";
import { authenticateForm, userJson } from "~/accounts/auth.server";
import { createUserSession } from "~/accounts/session.server";
import { clientIp } from "~/utils/http.server";

/** POST /api/login {username (or email), password}: `{ user }` and a fresh session cookie, or `{ error }`. */
const body = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const { username, email, password } = await parseApiBody(request, body);
  // The same form strategy as the sign-in page: hand it the credentials as a form post.
  const form = new URLSearchParams({ username: username ?? email ?? "", password: password ?? "" });
  const formRequest = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const result = await authenticateForm(formRequest, clientIp(context));
  if (!result.ok) return apiFailure(result);
  return Response.json(
    { user: userJson(result.user) },
    { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
  );
}
