import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/accounts/session.server";
import { isForumCategory } from "~/forum/categories";
import { categoryWatchLevelSchema } from "~/forum/schemas";
import { categoryWatchLevel, setWatchLevel } from "~/forum/watching.server";
import { answer, apiError, readBody } from "~/utils/api.server";

/** The category the address names, or a thrown 404. */
function categoryOf(param: string | undefined) {
  if (!isForumCategory(param)) throw apiError(404, "Category not found");
  return param;
}

/**
 * GET /api/forum/categories/{category}/watch: the member's watch level of the category (decisions 350, 420, 421):
 * one of five, `normal` when they never chose.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const category = categoryOf(params.category);
  const user = await requireApiUser(request);
  return answer({ category, watchLevel: await categoryWatchLevel({ memberId: user.id, category }) });
}

/**
 * POST /api/forum/categories/{category}/watch {level}: sets it, with the category form's rule (its five levels;
 * anything else is a 400 naming them); the answer is the level as GET gives it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const category = categoryOf(params.category);
  const user = await requireApiUser(request);
  const { level } = await readBody(request, categoryWatchLevelSchema);
  await setWatchLevel({ memberId: user.id, category, level });
  return answer({ category, watchLevel: await categoryWatchLevel({ memberId: user.id, category }) });
}
