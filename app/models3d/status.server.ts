import { getModel, type ModelRecord } from "./models.server";

/** How long 'Check again' waits for the conversion to move on before it answers with the page as it is. */
export const CHECK_WAIT_MS = 15_000;
const CHECK_EVERY_MS = 500;

/** Where a conversion stands, as the status page's 'Check again' form sends it back (`since`). */
export function modelStage(model: Pick<ModelRecord, "status" | "progress">): string {
  return `${model.status}:${model.progress}`;
}

/**
 * The model, once it has moved on from `since` (its stage when the page was shown), or as it is after `waitMs`, or
 * when the visitor has gone (`signal`). Without `since`, at once. This lets the status page without JavaScript
 * answer 'Check again' with the next change instead of reloading itself on a timer (decision 142).
 */
export async function modelAfterChange({
  urn,
  since,
  signal,
  waitMs = CHECK_WAIT_MS,
}: {
  urn: string;
  since: string | null;
  signal?: AbortSignal;
  waitMs?: number;
}): Promise<ModelRecord | null> {
  const until = Date.now() + waitMs;
  let model = await getModel({ urn });
  while (model && since === modelStage(model) && Date.now() < until && !signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
    model = await getModel({ urn });
  }
  return model;
}
