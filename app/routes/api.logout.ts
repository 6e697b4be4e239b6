import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePost } from "~/accounts/api.server";
import { destroyUserSession } from "~/accounts/session.server";

/** POST /api/logout: clears the session cookie. */
export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  return Response.json({ message: "Signed out" }, { headers: { "Set-Cookie": await destroyUserSession(request) } });
}
