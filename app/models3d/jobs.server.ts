import { registerJobHandler, registerRecurringTask } from "~/jobs/queue.server";
import { convertStoredModel } from "./conversion.server";
import { GAVE_UP_DETAIL } from "./formats";
import { deleteExpiredModels, failAbandonedConversions, markModelFailed } from "./models.server";
import { CONVERT_QUEUE } from "./upload.server";

/** Registered in app/assembly/registry.server.ts: the conversion queue and the retention sweep. */
const GAVE_UP_ERROR = `gave_up: ${GAVE_UP_DETAIL}`;

export function registerModels3dJobs(): string[] {
  registerJobHandler<{ urn: string }>(
    CONVERT_QUEUE,
    async ({ urn }, job) => {
      try {
        await convertStoredModel({ urn });
      } catch (error) {
        if (!job.lastAttempt) throw error; // retried
        // Given up (decision 299): the model is failed with a reason its page shows, never left "stored".
        console.error(`[models3d] conversion of ${urn} given up after ${job.attempts} attempt(s):`, error);
        await markModelFailed({ urn, error: GAVE_UP_ERROR });
      }
    },
    { lane: "conversion" },
  );
  registerRecurringTask("models3d-retention", 6 * 3600 * 1000, async () => {
    const removed = await deleteExpiredModels();
    if (removed > 0) console.log(`[models3d] retention: removed ${removed} expired model(s)`);
    // a conversion whose worker died on its last attempt (its job expired, no handler ran): given up too
    const abandoned = await failAbandonedConversions({ error: GAVE_UP_ERROR });
    if (abandoned > 0) console.log(`[models3d] retention: ${abandoned} abandoned conversion(s) marked failed`);
  });
  return ["models3d-retention"];
}
