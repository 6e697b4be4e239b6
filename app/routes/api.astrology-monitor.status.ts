import { monitorStatus } from "~/astrology/snapshots.server";
import { answer } from "~/utils/api.server";
import { cacheControl } from "~/utils/cache-control";

/** GET /api/astrology-monitor/status: {lastUpdate, checkIntervalMinutes}. */
export async function loader() {
  return answer(await monitorStatus(), 200, { "Cache-Control": cacheControl.revalidate });
}
