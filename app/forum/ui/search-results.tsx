import { FormattedDate } from "~/components/formatted-date";
import { categoryLabel } from "../categories";
import { memberHref } from "../pages";
import type { ExcerptPiece } from "../search";
import { CategoryBadge } from "./category-badge";

export type SearchResultCard = {
  topic: { id: number; title: string; category: string };
  post: { id: number; number: number } | null;
  author: { username: string };
  createdAt: Date | string;
  excerpt: ExcerptPiece[];
  href: string;
  hidden: boolean;
};

/** The matched words are <mark>ed; everything else is text, escaped by React like any other. */
function Excerpt({ pieces }: { pieces: ExcerptPiece[] }) {
  return (
    <p className="mt-2 whitespace-pre-line text-ink">
      {pieces.map((piece, i) =>
        piece.marked ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-ink">
            {piece.text}
          </mark>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </p>
  );
}

export function SearchResultList({ results }: { results: SearchResultCard[] }) {
  if (!results.length) {
    return (
      <p className="mt-4 rounded-lg border border-dashed border-violet-300 bg-white p-6 text-ink">
        Nothing in the forum matches this search. Try other words, fewer filters or a wider date range.
      </p>
    );
  }
  return (
    <ol aria-label="Search results" className="mt-4 space-y-3">
      {results.map((result) => (
        <li key={result.topic.id} className="rounded-lg border border-violet-200 bg-white p-4 shadow-sm">
          <h3 className="text-lg font-semibold">
            <a href={result.href} className="text-cosmic hover:underline">
              <bdi>{result.topic.title}</bdi>
            </a>
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink">
            <CategoryBadge label={categoryLabel(result.topic.category)} />
            <span>{result.post ? `Post #${result.post.number}` : "Topic"}</span>
            <span>
              {"by "}
              <a href={memberHref(result.author.username)} className="underline">
                <bdi>{result.author.username}</bdi>
              </a>
            </span>
            <FormattedDate date={result.createdAt} />
            {result.hidden ? <strong className="text-red-800">Hidden from members</strong> : null}
          </p>
          <Excerpt pieces={result.excerpt} />
        </li>
      ))}
    </ol>
  );
}
