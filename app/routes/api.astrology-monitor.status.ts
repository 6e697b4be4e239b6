import { monitorStatus } from "~/astrology/snapshots.server";

/** GET /api/astrology-monitor/status: {lastUpdate, checkIntervalMinutes}. */
export async function loader() {
  return Response.json(await monitorStatus(), { headers: { "Cache-Control": "no-cache" } });
}
