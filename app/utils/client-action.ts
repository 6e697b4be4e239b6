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
export type SubmitFailure = { network: boolean; message: string };

export function describeFailure(error: unknown): SubmitFailure | null {
  if (error instanceof Response) return null; // a redirect
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return null;
    const text = typeof error.data === "string" && error.data.trim() ? error.data : error.statusText;
    return { network: false, message: text || `HTTP ${error.status}` };
  }
  if (error instanceof TypeError) return { network: true, message: error.message };
  if (error instanceof Error) return { network: false, message: error.message };
  return { network: false, message: String(error) };
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
