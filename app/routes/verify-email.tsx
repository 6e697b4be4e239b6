import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { verifyEmailToken } from "~/accounts/email.server";
import { getUserId } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { originFromMatches, pageMeta } from "~/utils/meta";

/** The verification link of the mail (`/verify-email?token=…`): single use, valid 24 hours. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [result, userId] = await Promise.all([verifyEmailToken(token), getUserId(request)]);
  return { result, signedIn: userId !== null };
}

const TEXT = {
  verified: { title: "Email Verified", body: "Thank you: your email address is confirmed." },
  expired: {
    title: "Verification Link Expired",
    body: "This verification link has expired. Request a new one from your profile.",
  },
  invalid: {
    title: "Invalid Verification Link",
    body: "This verification link is not valid or has already been used.",
  },
} as const;

export default function VerifyEmail() {
  const { result, signedIn } = useLoaderData<typeof loader>();
  const text = TEXT[result];
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-ink">{text.title}</h1>
      <p className="mt-4 text-lg" role={result === "verified" ? "status" : "alert"}>
        {text.body}
      </p>
      <p className="mt-8 flex justify-center gap-6">
        {signedIn ? (
          <Link to="/user-profile" className="text-cosmic underline">
            Go to your profile
          </Link>
        ) : (
          <Link to="/auth" className="text-cosmic underline">
            Sign In
          </Link>
        )}
        <Link to="/forum" className="text-cosmic underline">
          Visit the forum
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Verify Email",
    description: "Confirm your email address.",
    path: "/verify-email",
    origin: originFromMatches(matches),
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
