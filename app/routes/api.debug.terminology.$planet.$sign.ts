import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { testTerminology } from "~/astrology/readings.server";
import { BODY_NAMES, parseBodyName, parseSignName, SIGN_NAMES } from "~/astrology/zodiac";
import { isProduction } from "~/utils/env.server";
import { jsonError } from "~/utils/http.server";

/** GET /api/debug/terminology/{planet}/{sign}: a reading and its terminology check; admins only in production. */
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (isProduction) {
    const user = await getUser(request);
    if (!user) return jsonError("Sign in as an administrator to use the terminology debug tool.", 401, noStore);
    if (!isAdminUser(user)) return jsonError("The terminology debug tool is for administrators.", 403, noStore);
  }
  const planet = parseBodyName(params.planet);
  if (!planet) return jsonError(`Unknown planet. Choose one of: ${BODY_NAMES.join(", ")}.`, 400, noStore);
  const sign = parseSignName(params.sign);
  if (!sign) return jsonError(`Unknown sign. Choose one of: ${SIGN_NAMES.join(", ")}.`, 400, noStore);
  const result = await testTerminology({ planet, sign });
  return Response.json(result, { status: "error" in result ? 502 : 200, headers: noStore });
}
