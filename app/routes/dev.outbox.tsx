import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listOutbox } from "~/mail/mail.server";
import { formatUtcDateTime } from "~/utils/dates";
import { requireDevelopmentLoopback } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

/**
 * In development, to the developer's own machine: the mails the outbox kept (verification, reset and username
 * links). 404 in production and to any other address (decision 080).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopmentLoopback(context);
  return { messages: await listOutbox(50) };
}

export default function DevOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-ink">Outbox (development)</h1>
      <p className="mt-2">
        The newest {messages.length} messages the server would have sent. This page does not exist in production.
      </p>
      {messages.length === 0 ? <p className="mt-6">The outbox is empty.</p> : null}
      <ol className="mt-6 space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border border-violet-200 bg-white p-4">
            <h2 className="font-semibold">{message.subject}</h2>
            <p className="text-sm">
              To {message.to}, {formatUtcDateTime(new Date(message.date))}
            </p>
            <pre className="mt-2 whitespace-pre-wrap break-all text-sm">{message.text}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}

export const meta: MetaFunction = () =>
  pageMeta({ title: "Outbox", description: "Development outbox.", path: "/dev/outbox" });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
