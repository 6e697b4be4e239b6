/**
 * The one error line of a form field (decision 250): the field's errors, under it, with the id its control names
 * in aria-describedby (Conform's `errorId`). Nothing is rendered while the field has none. A module of its own,
 * without Conform, so a form that reads Conform's field metadata on the server only loads no Conform for it.
 */
export function FieldError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="mt-1 text-sm text-red-800">
      {meta.errors.join(" ")}
    </p>
  );
}
