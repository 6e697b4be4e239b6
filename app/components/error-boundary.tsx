import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (info: { status: number; message: string }) => ReactNode;

/**
 * The one error view of the site: every route's ErrorBoundary renders this with per-status messages.
 * A thrown response's text body becomes the message; unexpected errors show a calm, generic text.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  if (typeof document !== "undefined") console.error(error);
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : (error.data?.error ?? error.statusText);
    const handler = statusHandlers[error.status] ?? defaultHandlers[error.status];
    if (handler) return <>{handler({ status: error.status, message })}</>;
    if (error.status >= 500) return <UnexpectedErrorPanel requestId={error.data?.requestId} />;
    return <ErrorPanel title={`Error ${error.status}`} text={message || "Something went wrong."} />;
  }
  return <UnexpectedErrorPanel />;
}

/**
 * A failure of ours: never its detail (decision 084). The request id, when the server sent one (see
 * app/utils/guard-build.server.ts), lets the operator find the detail in the log.
 */
function UnexpectedErrorPanel({ requestId }: { requestId?: unknown }) {
  return (
    <ErrorPanel title="Something went wrong" text="An unexpected error occurred. Please try again in a moment.">
      {typeof requestId === "string" ? (
        <p>
          Request id: <code>{requestId}</code>
        </p>
      ) : null}
    </ErrorPanel>
  );
}

export function NotFoundPanel() {
  return (
    <ErrorPanel title="404 Page Not Found" text="Did you forget to add the page to the router?">
      <Link to="/" className="text-cosmic underline">
        Back to Home
      </Link>
    </ErrorPanel>
  );
}

const defaultHandlers: Record<number, StatusHandler> = {
  404: () => <NotFoundPanel />,
  403: ({ message }) => <ErrorPanel title="Access Denied" text={message || "You are not allowed to see this page."} />,
  405: () => <ErrorPanel title="Method Not Allowed" text="This page does not accept that kind of request." />,
  413: ({ message }) => <ErrorPanel title="Request Too Large" text={message} />,
  415: ({ message }) => <ErrorPanel title="Unsupported Content Type" text={message} />,
  429: ({ message }) => <ErrorPanel title="Too Many Requests" text={message} />,
  // The database is unreachable for a moment (decision 006): the shell stays, the answer carries Retry-After.
  503: ({ message }) => (
    <ErrorPanel
      title="Back shortly"
      text={
        message || "The site is unavailable for a moment and will be back shortly. Please try again in a few seconds."
      }
    >
      <TryAgainLink />
    </ErrorPanel>
  ),
};

export function ErrorPanel({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="font-serif text-3xl font-bold text-ink">
        {title}
      </h1>
      <p className="mt-4 text-lg text-ink">{text}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}

/** Loads the same address again (a plain link, so it works without JavaScript). */
export function TryAgainLink({ label = "Try again" }: { label?: string }) {
  const { pathname, search } = useLocation();
  return (
    <a href={`${pathname}${search}`} className="text-cosmic underline">
      {label}
    </a>
  );
}
