import type { LoaderFunctionArgs } from "@remix-run/node";
import { personOf } from "~/accounts/person.server";
import { getUser } from "~/accounts/session.server";
import { apiReader } from "~/forum/api.server";
import { readSearchParams, SEARCH_MESSAGES } from "~/forum/search";
import { excerptHtml, hitSearchLimit, searchForum, SearchTooSlowError } from "~/forum/search.server";
import { jsonError, jsonResponse } from "~/utils/http.server";
import { retryAfterHeaders, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/**
 * GET /api/forum/search?q= (&category, &author, &from, &to, &sort=relevance|newest, &page): one page of results as
 * a list, like the forum's other lists; the total in X-Total-Count ("X-Total-Count-Is-Lower-Bound: true" when more
 * matched than the search ranks), the next page in a Link header. Refused input is a 400 `{error}`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const read = readSearchParams(url.searchParams);
  if (!read) return jsonError(SEARCH_MESSAGES.tooShort, 400);
  if (read.refusal) return jsonError(read.refusal.message, 400);
  const limit = await hitSearchLimit(await personOf(request, context));
  if (!limit.allowed) {
    return jsonError(tooManyRequestsMessage(limit.retryAfterSeconds), 429, retryAfterHeaders(limit.retryAfterSeconds));
  }
  let answer;
  try {
    answer = await searchForum({ input: read.input, reader: apiReader(await getUser(request)) });
  } catch (error) {
    if (error instanceof SearchTooSlowError) return jsonError(error.message, 503);
    throw error;
  }
  if (!answer.ok) return jsonError(answer.refusal.message, 400);
  const headers = new Headers({ "X-Total-Count": String(answer.total) });
  if (answer.atLeast) headers.set("X-Total-Count-Is-Lower-Bound", "true");
  if (answer.page < answer.pageCount) {
    const next = new URL(url);
    next.searchParams.set("page", String(answer.page + 1));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return jsonResponse(
    answer.results.map(({ excerpt, ...result }) => ({
      ...result,
      excerpt: excerpt.map((piece) => piece.text).join(""),
      excerptHtml: excerptHtml(excerpt),
    })),
    200,
    headers,
  );
}
