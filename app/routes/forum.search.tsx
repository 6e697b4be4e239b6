import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { personOf } from "~/accounts/person.server";
import { getUser } from "~/accounts/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary } from "~/components/error-summary";
import { CATEGORY_OPTIONS } from "~/forum/categories";
import { headerNotifications } from "~/forum/member-notifications.server";
import { readSearchParams, resultsAnnouncement, searchHref, SEARCH_MAX_CHARACTERS } from "~/forum/search";
import { hitSearchLimit, searchForum, SearchTooSlowError } from "~/forum/search.server";
import { readerOf } from "~/forum/topics.server";
import { ForumHeader } from "~/forum/ui/forum-header";
import { PageLinks } from "~/forum/ui/page-links";
import { SearchResultList } from "~/forum/ui/search-results";
import { originFromMatches, pageMeta } from "~/utils/meta";
import { retryAfterHeaders, tooManyRequestsMessage } from "~/utils/rate-limit.server";

/** /forum/search: a plain GET form (issue 35); results, their count and real page links, rendered on the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const read = readSearchParams(new URL(request.url).searchParams);
  const page = {
    user: user ? { id: user.id, username: user.username } : null,
    notifications: await headerNotifications(context, user),
    input: read?.input ?? null,
    refusal: read?.refusal ?? null,
    search: null as null | Extract<Awaited<ReturnType<typeof searchForum>>, { ok: true }>,
  };
  if (!read) return page;
  if (read.refusal) return data(page, { status: 400 });
  const limit = await hitSearchLimit(await personOf(request, context));
  if (!limit.allowed) {
    const refusal = { field: "q" as const, message: tooManyRequestsMessage(limit.retryAfterSeconds) };
    return data({ ...page, refusal }, { status: 429, headers: retryAfterHeaders(limit.retryAfterSeconds) });
  }
  const reader = readerOf(user);
  try {
    const answer = await searchForum({ input: read.input, reader });
    if (!answer.ok) return data({ ...page, refusal: answer.refusal }, { status: 400 });
    return { ...page, search: answer };
  } catch (error) {
    if (!(error instanceof SearchTooSlowError)) throw error;
    return data({ ...page, refusal: { field: "q" as const, message: error.message } }, { status: 503 });
  }
}

const SEARCH_ERROR_ID = "search-error";
const SEARCH_ERROR_MESSAGES_ID = "search-error-message";

const fieldClass = "mt-1 block w-full rounded border border-violet-300 bg-white px-3 py-2 text-ink";

export default function ForumSearchPage() {
  const { user, notifications, input, refusal, search } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/forum/search";
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // After a search made on this page (not on the first load), focus moves to its outcome: the results heading, or
  // the summary saying why the search was refused (the summary moves it itself, on every load as well: decision 450).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!refusal) heading.current?.focus();
  }, [location.key, refusal]);

  const announcement = search
    ? resultsAnnouncement({
        first: search.total ? (search.page - 1) * search.perPage + 1 : 0,
        last: (search.page - 1) * search.perPage + search.results.length,
        total: search.total,
        atLeast: search.atLeast,
      })
    : "";
  const errorFor = (field: string) => (refusal?.field === field ? SEARCH_ERROR_MESSAGES_ID : undefined);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <ForumHeader user={user} notifications={notifications} query={input?.q ?? ""} />
      <h1 className="mt-6 font-serif text-4xl font-bold text-ink">Search the forum</h1>
      <Form
        method="get"
        action="/forum/search"
        role="search"
        aria-label="Search with filters"
        className="mt-6 space-y-4"
      >
        <div>
          <label htmlFor="search-q" className="font-semibold">
            Words to find
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            required
            maxLength={SEARCH_MAX_CHARACTERS}
            defaultValue={input?.q ?? ""}
            key={`q-${input?.q ?? ""}`}
            aria-invalid={errorFor("q") ? true : undefined}
            aria-describedby={["search-help", errorFor("q")].filter(Boolean).join(" ")}
            className={fieldClass}
          />
          <p id="search-help" className="mt-1 text-sm text-ink">
            At least 3 characters. Put a phrase in &quot;quotes&quot;, write <kbd>or</kbd> between alternatives and a
            minus before a word to leave out (<kbd>-word</kbd>).
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <div>
            <label htmlFor="search-category" className="font-semibold">
              Category
            </label>
            <select
              id="search-category"
              name="category"
              defaultValue={input?.category ?? ""}
              key={`c-${input?.category ?? ""}`}
              aria-describedby={errorFor("category")}
              className={fieldClass}
            >
              <option value="">All categories</option>
              {CATEGORY_OPTIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="search-author" className="font-semibold">
              Author
            </label>
            <input
              id="search-author"
              name="author"
              type="text"
              autoComplete="off"
              defaultValue={input?.author ?? ""}
              key={`a-${input?.author ?? ""}`}
              aria-invalid={errorFor("author") ? true : undefined}
              aria-describedby={errorFor("author")}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor="search-from" className="font-semibold">
              From date
            </label>
            <input
              id="search-from"
              name="from"
              type="date"
              defaultValue={input?.from ?? ""}
              key={`f-${input?.from ?? ""}`}
              aria-invalid={errorFor("from") ? true : undefined}
              aria-describedby={errorFor("from")}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor="search-to" className="font-semibold">
              To date
            </label>
            <input
              id="search-to"
              name="to"
              type="date"
              defaultValue={input?.to ?? ""}
              key={`t-${input?.to ?? ""}`}
              aria-invalid={errorFor("to") ? true : undefined}
              aria-describedby={errorFor("to")}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor="search-sort" className="font-semibold">
              Sort by
            </label>
            <select
              id="search-sort"
              name="sort"
              defaultValue={input?.sort ?? "relevance"}
              key={`s-${input?.sort ?? ""}`}
              className={fieldClass}
            >
              <option value="relevance">Relevance</option>
              <option value="newest">Newest</option>
            </select>
          </div>
        </div>
        <button type="submit" className="rounded bg-cosmic px-4 py-2 font-semibold text-white hover:bg-violet-900">
          Search
        </button>
      </Form>

      {refusal ? (
        // focused and announced once, as a named group (decision 450): the field names its message
        <div className="mt-6">
          <ErrorSummary
            id={SEARCH_ERROR_ID}
            form={{ id: SEARCH_ERROR_ID }}
            title="The search was not made"
            description={refusal.message}
            resultKey={location.key}
            messagesId={SEARCH_ERROR_MESSAGES_ID}
          />
        </div>
      ) : null}

      <section aria-labelledby={search ? "results-heading" : undefined} className="mt-8">
        {/* Present from the first paint, so a screen reader hears its text change after a search. */}
        <p role="status" className="sr-only">
          {searching ? "Searching" : announcement}
        </p>
        {search && input ? (
          <>
            <h2 id="results-heading" ref={heading} tabIndex={-1} className="font-serif text-2xl font-bold">
              {announcement}
            </h2>
            <SearchResultList results={search.results} />
            <PageLinks
              page={search.page}
              pageCount={search.pageCount}
              href={(p) => searchHref({ ...input, page: p })}
              label="Result pages"
            />
          </>
        ) : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta({
    title: data?.input?.q ? `Search: ${data.input.q}` : "Search the forum",
    description: "Find topics and posts in the community forum.",
    path: "/forum/search",
    origin: originFromMatches(matches),
  }),
  // Result pages are endless and say nothing new: the topics themselves are what search engines should index.
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
