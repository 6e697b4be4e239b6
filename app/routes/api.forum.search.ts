import type { LoaderFunctionArgs } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { getUser } from "~/accounts/session.server";
import { readSearchParams, SEARCH_MESSAGES } from "~/forum/search";
import { excerptHtml, hitSearchLimit, searchForum, SearchTooSlowError } from "~/forum/search.server";
import { readerOf } from "~/forum/topics.server";
import { answer, apiError } from "~/utils/api.server";
import { retryAfterHeaders, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * GET /api/forum/search?q= (&category, &author, &from, &to, &sort=relevance|newest, &page): one page of results as
 * a list, like the forum's other lists; the total in X-Total-Count ("X-Total-Count-Is-Lower-Bound: true" when more
 * matched than the search ranks), the next page in a Link header. Refused input is a 400 `{error}`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const read = readSearchParams(url.searchParams);
  if (!read) return apiError(400, SEARCH_MESSAGES.tooShort);
  if (read.refusal) return apiError(400, read.refusal.message);
  const limit = await hitSearchLimit(await personOf(request, context));
  if (!limit.allowed) {
    return apiError(
      429,
      tooManyRequestsMessage(limit.retryAfterSeconds),
      {},
      retryAfterHeaders(limit.retryAfterSeconds),
    );
  }
  let found;
  try {
    found = await searchForum({ input: read.input, reader: readerOf(await getUser(request)) });
  } catch (error) {
    if (error instanceof SearchTooSlowError) return apiError(503, error.message);
    throw error;
  }
  if (!found.ok) return apiError(400, found.refusal.message);
  const headers = new Headers({ "X-Total-Count": String(found.total) });
  if (found.atLeast) headers.set("X-Total-Count-Is-Lower-Bound", "true");
  if (found.page < found.pageCount) {
    const next = new URL(url);
    next.searchParams.set("page", String(found.page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return answer(
    found.results.map(({ excerpt, ...result }) => ({
      ...result,
      excerpt: excerpt.map((piece) => piece.text).join(""),
      excerptHtml: excerptHtml(excerpt),
    })),
    200,
    headers,
  );
}
