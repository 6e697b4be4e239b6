import { registerJobHandler, registerRecurringTask } from "~/jobs/queue.server";
import { convertStoredModel } from "./conversion.server";
import { deleteExpiredModels } from "./models.server";
import { CONVERT_QUEUE } from "./upload.server";

/** Registered in app/assembly/registry.server.ts: the conversion queue and the retention sweep. */
export function registerModels3dJobs(): string[] {
  registerJobHandler<{ urn: string }>(CONVERT_QUEUE, async ({ urn }) => convertStoredModel({ urn }), {
    lane: "conversion",
  });
  registerRecurringTask("models3d-retention", 6 * 3600 * 1000, async () => {
    const removed = await deleteExpiredModels();
    if (removed > 0) console.log(`[models3d] retention: removed ${removed} expired model(s)`);
  });
  return ["models3d-retention"];
}
