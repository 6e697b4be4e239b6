/** The forum's six categories (spec part 1, "Forum categories"): key, label and the one-line description. */
export const FORUM_CATEGORIES = [
  {
    key: "introductions",
    label: "Introductions",
    description: "Say hello, share what brought you here and where you are on your path.",
  },
  {
    key: "principles",
    label: "Universal Principles",
    description: "Explore the ten universal principles, from Nonseparation (0) to Omniscience (9).",
  },
  {
    key: "mathematical-implications",
    label: "Mathematical Implications",
    description: "Numbers, patterns and proofs: the mathematics behind the ontology.",
  },
  {
    key: "emotional-growth",
    label: "Emotional Growth",
    description: "Healing, feeling and growing: how the principles live in our emotions.",
  },
  {
    key: "technology",
    label: "Technology & Innovation",
    description: "AI, tools and new ideas where technology meets the sacred.",
  },
  {
    key: "general",
    label: "General Discussion",
    description: "Everything else: open conversation for the whole community.",
  },
] as const;

export type ForumCategoryKey = (typeof FORUM_CATEGORIES)[number]["key"];
export const CATEGORY_KEYS = FORUM_CATEGORIES.map((c) => c.key) as [ForumCategoryKey, ...ForumCategoryKey[]];
export const DEFAULT_CATEGORY: ForumCategoryKey = "general";

export const ALL_TOPICS = {
  label: "All Topics",
  description: "Every conversation in the community, most recently active first.",
} as const;

export function isForumCategory(value: unknown): value is ForumCategoryKey {
  return typeof value === "string" && (CATEGORY_KEYS as readonly string[]).includes(value);
}

export function categoryLabel(key: string): string {
  return FORUM_CATEGORIES.find((c) => c.key === key)?.label ?? key;
}

/** The categories as a form's choices. */
export const CATEGORY_OPTIONS = FORUM_CATEGORIES.map((c) => ({ value: c.key, label: c.label }));
