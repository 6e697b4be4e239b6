import type { LoaderFunctionArgs } from "@remix-run/node";
import { userJson } from "~/accounts/auth.server";
import { requireApiUser } from "~/accounts/session.server";
import { answer } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/user: the signed-in member as `{ user }`, or 401 `{ error }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return answer({ user: userJson(user) }, 200, { "Cache-Control": cacheControl.privateNoStore });
}
