import { issueViewerToken } from "~/models3d/token.server";
import { answer } from "~/utils/api.server";

/** GET /api/3d/viewer-token → { access_token, expires_in }: a short-lived signed token for model downloads. */
export function loader() {
  return answer(issueViewerToken());
}
