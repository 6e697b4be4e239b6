import type { ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/accounts/session.server";
import { answer } from "~/utils/api.server";

/** POST /api/logout: clears the session cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return answer({ message: "Signed out" }, 200, { "Set-Cookie": await destroyUserSession(request) });
}
