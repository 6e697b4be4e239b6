import { categoryLabel } from "../categories";

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className="inline-block rounded-full bg-cosmic-light px-2 py-0.5 text-xs font-semibold text-cosmic">
      {categoryLabel(category)}
    </span>
  );
}
