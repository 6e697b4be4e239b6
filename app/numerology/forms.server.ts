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

/**
 * The generator's number comes from the button pressed. Several buttons of the form carry the same number (the wheel's
 * 7, Refresh, 'Generate New Insights' and the relation card of a reading of 7), and lynx sends every submit button
 * whose name and value equal the pressed one's: one number repeated is that number (decision 130). Different
 * numbers stay a list, which the schema refuses.
 */
export const parseGeneratorForm = (formData: FormData) =>
  parseWithZod(oneOfRepeated(formData, "number"), { schema: generatorSchema });

function oneOfRepeated(formData: FormData, name: string): FormData {
  const values = formData.getAll(name);
  if (values.length < 2 || values.some((v) => v !== values[0])) return formData;
  const copy = new FormData();
  for (const [key, value] of formData) if (key !== name) copy.append(key, value);
  copy.append(name, values[0]!);
  return copy;
}
export const parseAngelForm = (formData: FormData) => parseWithZod(formData, { schema: angelFormSchema });
export const parseBirthDateForm = (formData: FormData) => parseWithZod(formData, { schema: birthDateSchema });
