import {
  isRouteErrorResponse,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from "@remix-run/react";

/**
 * With JavaScript, a form's submission can fail where the server never answers (the network) or answers with an
 * unexpected error (5xx). Routes export `clientAction = guardedClientAction` so such a failure comes back as
 * action data (`{ intent, failure }`) the page shows as the spec's toast, instead of replacing the page with the
 * error boundary. Redirects and expected 4xx responses pass through unchanged. Without JavaScript the server
 * action runs as before.
 */
export type SubmitFailure = { network: boolean; message: string; reason: string };

/**
 * The site's words for a request that failed in the browser (issue 47): never the framework's or the browser's own
 * ("Unable to decode turbo-stream response from URL…", "Failed to fetch", a status line, a server's page). A
 * `message` is a sentence for a toast or an alert; a `reason` is the same as a phrase, for a message that names it
 * ("Unable to decode angel number: the connection was lost. Please try again.").
 */
export const FAILURE_TEXTS = {
  network: {
    message: "The connection to the site was lost before it answered. Check your connection and try again.",
    reason: "the connection was lost",
  },
  server: {
    message: "The site could not finish this just now. Please try again in a moment.",
    reason: "the site could not answer",
  },
} as const;

/**
 * Whether a failure in the browser is the connection's: fetch's TypeError ("Failed to fetch", "NetworkError…",
 * "Load failed"), or an answer cut short or not the site's own, which single fetch cannot decode.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof Error && /turbo-stream|network ?error|failed to fetch|load failed/i.test(error.message);
}

/** The one place a failure in the browser becomes the site's words (what happened, never its detail). */
export function failureText(error: unknown): SubmitFailure {
  const network = isConnectionFailure(error);
  return { network, ...FAILURE_TEXTS[network ? "network" : "server"] };
}

export function describeFailure(error: unknown): SubmitFailure | null {
  if (error instanceof Response) return null; // a redirect
  if (isRouteErrorResponse(error) && error.status < 500) return null;
  return failureText(error);
}

export async function guardedClientAction(args: ClientActionFunctionArgs) {
  return guardedServerAction(args, (intent, failure) => ({ intent, failure }));
}

/** As guardedClientAction, with the route's own shape for the failure's action data (which must carry `failure`). */
export async function guardedServerAction<F extends { failure: SubmitFailure }>(
  { request, serverAction }: ClientActionFunctionArgs,
  onFailure: (intent: string, failure: SubmitFailure) => F,
) {
  const formData = await request.clone().formData();
  const intent = String(formData.get("intent") ?? "");
  try {
    return await serverAction();
  } catch (error) {
    const failure = describeFailure(error);
    if (!failure) throw error;
    return onFailure(intent, failure);
  }
}

/** The failure of the last JS submission with this intent, if it failed that way. */
export function submitFailure(actionData: unknown, intent?: string): SubmitFailure | null {
  if (!actionData || typeof actionData !== "object" || !("failure" in actionData)) return null;
  const value = actionData as { intent?: string; failure: SubmitFailure };
  if (intent !== undefined && value.intent !== intent) return null;
  return value.failure;
}

/** After a failed submission, leave the page's data as it is (the server was not reached or did not change it). */
export function shouldRevalidateAfterFailure({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return submitFailure(actionResult) ? false : defaultShouldRevalidate;
}
