import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Sign-out is a POST (a link or prefetch must not sign anyone out); a GET just goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirectWithToast(
    "/",
    { title: "Signed out", type: "info" },
    { headers: { "Set-Cookie": await destroyUserSession(request) } },
  );
}
