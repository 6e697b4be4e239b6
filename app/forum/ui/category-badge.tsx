/** A topic's category, as a badge; the label comes from `categoryLabel` (../categories), on the server where it can. */
export function CategoryBadge({ label }: { label: string }) {
  return (
    <span className="inline-block rounded-full bg-cosmic-light px-2 py-0.5 text-xs font-semibold text-cosmic">
      {label}
    </span>
  );
}
