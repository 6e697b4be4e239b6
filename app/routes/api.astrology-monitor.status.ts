import { data } from "@remix-run/node";
import { monitorStatus } from "~/astrology/snapshots.server";

/** GET /api/astrology-monitor/status: {lastUpdate, checkIntervalMinutes}. */
export async function loader() {
  return data(await monitorStatus(), { headers: { "Cache-Control": "no-cache" } });
}
