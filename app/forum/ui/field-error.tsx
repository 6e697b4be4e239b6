/** A field's errors under it (the input points at it with aria-describedby through Conform's errorId). */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {errors.join(" ")}
    </p>
  );
}
