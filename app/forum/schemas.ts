import { z } from "zod";
import { idField } from "~/utils/ids";
import { graphemeLength, userText, visibleLengthBetween, visibleText } from "~/utils/user-text";
import { CATEGORY_KEYS, DEFAULT_CATEGORY } from "./categories";
import { CATEGORY_WATCH_LEVELS, WATCH_LEVELS, watchLevelChoices } from "./watching";

/**
 * The forum's validation rules (spec part 1, section 5), shared by the page actions and the JSON API (server only:
 * the forms get their HTML constraints from the loaders, see `./forms.server`). Conform turns empty fields into `undefined`, so "required" messages live on the type error.
 */
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const CONTENT_MAX = 2000;

export const EMPTY_POST = { title: "Content required", description: "Post content cannot be empty." } as const;
export const LONG_POST = {
  title: "Content too long",
  description: "Post content must be 2000 characters or less.",
} as const;

/** Lengths count what the visitor sees (the user-text rule, decision 090). */
export const postContentField = userText({ label: "Post content", kind: "body", missing: EMPTY_POST.description }).pipe(
  visibleLengthBetween({ min: 1, max: CONTENT_MAX, tooShort: EMPTY_POST.description, tooLong: LONG_POST.description }),
);

export const topicSchema = z.object({
  title: userText({ label: "Title", missing: "Title is required" }).pipe(
    visibleLengthBetween({
      min: TITLE_MIN,
      max: TITLE_MAX,
      tooShort: `Title must be at least ${TITLE_MIN} characters`,
      tooLong: `Title must be ${TITLE_MAX} characters or less`,
    }),
  ),
  description: userText({ label: "Description", kind: "body" })
    .pipe(
      visibleLengthBetween({
        min: 0,
        max: DESCRIPTION_MAX,
        tooShort: "Description is required",
        tooLong: `Description must be ${DESCRIPTION_MAX} characters or less`,
      }),
    )
    .optional()
    .transform((v) => (v ? v : null)),
  category: z
    .enum(CATEGORY_KEYS, { error: "Choose one of the forum categories" })
    .optional()
    .transform((v) => v ?? DEFAULT_CATEGORY),
});
export const postSchema = z.object({ content: postContentField });
/** The edit form also says which post it edits. */
export const editPostSchema = z.object({ postId: idField("The post to edit is missing."), content: postContentField });

/**
 * A watch form's level (decisions 350, 420, 421): the topic page's form and POST /api/forum/topics/{id}/watch take a
 * topic's four levels, a category's form and POST /api/forum/categories/{category}/watch its five; anything else (a
 * text browser may send anything) is refused with the levels it may be.
 */
export const topicWatchSchema = z.object({ level: z.enum(WATCH_LEVELS, { error: watchLevelChoices("topic") }) });
/** The category's level alone: POST /api/forum/categories/{category}/watch, whose address names the category. */
export const categoryWatchLevelSchema = z.object({
  level: z.enum(CATEGORY_WATCH_LEVELS, { error: watchLevelChoices("category") }),
});
export const categoryWatchSchema = z.object({
  category: z.enum(CATEGORY_KEYS, { error: "That is not one of the forum's categories." }),
  level: categoryWatchLevelSchema.shape.level,
});

/** The message pair (toast title + text) for a rejected edit, from the content's first issue. */
export function postContentProblem(content: unknown): { title: string; description: string } | null {
  const text = typeof content === "string" ? content.trim() : "";
  if (!visibleText(text)) return EMPTY_POST;
  if (graphemeLength(text) > CONTENT_MAX) return LONG_POST;
  return null;
}
