import type { LoaderFunctionArgs } from "@remix-run/node";
import { userJson } from "~/accounts/auth.server";
import { requireApiUser } from "~/accounts/session.server";

/** GET /api/user: the signed-in member as `{ user }`, or 401 `{ error }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json({ user: userJson(user) }, { headers: { "Cache-Control": "private, no-store" } });
}
