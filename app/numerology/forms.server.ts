import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { angelFormSchema, birthDateSchema, generatorSchema } from "./schemas";

export { angelFormRequest } from "./schemas";

/**
 * The numerology forms on the server: each form's HTML constraints, derived once from its schema and handed to
 * the page by its loader, and the parse its action runs. Routes import these rather than the schemas or
 * `@conform-to/zod` themselves: a `.server` module never reaches the browser build, so neither does zod (an
 * import of `@conform-to/zod` in a route module does, even when only the action uses it).
 */
export const GENERATOR_CONSTRAINT = getZodConstraint(generatorSchema);
export const ANGEL_CONSTRAINT = getZodConstraint(angelFormSchema);
export const BIRTH_DATE_CONSTRAINT = getZodConstraint(birthDateSchema);

export const parseGeneratorForm = (formData: FormData) => parseWithZod(formData, { schema: generatorSchema });
export const parseAngelForm = (formData: FormData) => parseWithZod(formData, { schema: angelFormSchema });
export const parseBirthDateForm = (formData: FormData) => parseWithZod(formData, { schema: birthDateSchema });
