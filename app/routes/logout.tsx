import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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

/**
 * Never rendered (the loader and the action redirect): it makes /logout a page route, so a refused sign-out (a
 * post from another site, decision 081) is answered with the site's own error page.
 */
export default function Logout() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
