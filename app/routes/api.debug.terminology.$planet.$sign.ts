import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/accounts/session.server";
import { testTerminology } from "~/astrology/readings.server";
import { BODY_NAMES, parseBodyName, parseSignName, SIGN_NAMES } from "~/astrology/zodiac";
import { answer, apiError } from "~/utils/api.server";
import { isProduction } from "~/utils/env.server";

/** GET /api/debug/terminology/{planet}/{sign}: a reading and its terminology check; admins only in production. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (isProduction) {
    await requireApiAdmin(request, {
      signedOut: "Sign in as an administrator to use the terminology debug tool.",
      forbidden: "The terminology debug tool is for administrators.",
    });
  }
  const planet = parseBodyName(params.planet);
  if (!planet) return apiError(400, `Unknown planet. Choose one of: ${BODY_NAMES.join(", ")}.`);
  const sign = parseSignName(params.sign);
  if (!sign) return apiError(400, `Unknown sign. Choose one of: ${SIGN_NAMES.join(", ")}.`);
  const result = await testTerminology({ planet, sign });
  return answer(result, "error" in result ? 502 : 200);
}
