/** Page links: first, previous, a window around the current page, next, last. */
export function PageLinks({
  page,
  pageCount,
  href,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const around = new Set<number>([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pageCount) around.add(p);
  const pages = [...around].sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1]! > 1) items.push("gap");
    items.push(p);
  });
  const linkClass = "block rounded border border-violet-300 px-3 py-1 text-cosmic hover:bg-cosmic-light";
  return (
    <nav aria-label={label} className="my-4">
      <ul className="flex flex-wrap items-center gap-2 text-sm">
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} className={linkClass} rel="prev">
              Previous page
            </a>
          </li>
        ) : null}
        {items.map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span aria-current="page" className="block rounded bg-cosmic px-3 py-1 text-white">
                  <span className="sr-only">Page </span>
                  {item}
                </span>
              ) : (
                <a href={href(item)} className={linkClass}>
                  <span className="sr-only">Page </span>
                  {item}
                </a>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <a href={href(page + 1)} className={linkClass} rel="next">
              Next page
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
