/**
 * "Save to my account": a POST form of hidden fields to the member's birth data page (it answers a signed-out
 * visitor with the sign-in page, which brings them back to `back`, whose address still holds what they entered).
 */
export function SaveBirthDataForm({
  intent,
  fields,
  back,
  label,
  note,
}: {
  intent: "save-chart" | "save-names";
  fields: Record<string, string>;
  back: string;
  label: string;
  note: string;
}) {
  return (
    <form method="post" action="/user-profile/birth-data" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="rounded-md border border-cosmic px-4 py-2 font-semibold text-cosmic">
        {label}
      </button>
      <p className="text-sm">{note}</p>
    </form>
  );
}
