import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { FormAnswer } from "~/components/form-answer";
import { safeRedirectPath } from "~/utils/http.server";
import { parseId } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import { birthChartInputSchema } from "./birth-chart-input.server";
import { castBirthChart } from "./birth-chart.server";
import { addPerson, deletePerson } from "./saved-people.server";
import { NAME_MAX } from "./synastry-input.server";

/**
 * The forms that keep other people's births (POST /user-profile/people): keep a person (from the compatibility
 * page, its hidden fields), delete one. A signed-out visitor is sent to sign in and back to the page they were on,
 * whose address still holds both births. A refusal is the site's form answer (decision 250): the form's intent and
 * the message in `error`.
 */
export const PEOPLE_PATH = "/user-profile/people";

const nameSchema = z
  .string({ error: "Give the person a name." })
  .trim()
  .min(1, { error: "Give the person a name." })
  .max(NAME_MAX, { error: `Keep the name under ${NAME_MAX} characters.` });

export async function submitPeopleForm(request: Request, userId: number | null) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = safeRedirectPath(form.get("back"), PEOPLE_PATH);
  if (userId === null) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  const refused = (error: string) => data<FormAnswer>({ intent, error }, { status: 400 });
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  switch (intent) {
    case "add-person": {
      const name = nameSchema.safeParse(field("name"));
      if (!name.success) return refused(name.error.issues[0]!.message);
      const parsed = birthChartInputSchema.safeParse({
        date: field("date"),
        time: field("time"),
        place: field("place"),
        fold: field("fold"),
      });
      if (!parsed.success) return refused(parsed.error.issues[0]!.message);
      if (!parsed.data.place) return refused("Choose a birthplace on the compatibility page first.");
      const cast = castBirthChart({
        date: parsed.data.date,
        time: parsed.data.time,
        placeId: parsed.data.place,
        houseSystem: "placidus",
        fold: parsed.data.fold ?? null,
      });
      if (cast.status === "invalid") return refused(cast.message);
      if (cast.status === "ambiguous") return refused("Choose which of the two clock times it was before keeping it.");
      const added = await addPerson({
        userId,
        name: name.data,
        birthDate: parsed.data.date,
        birthTime: parsed.data.time,
        placeId: parsed.data.place,
        fold: parsed.data.fold ?? null,
      });
      if (!added.ok) return refused(added.message);
      return redirectWithToast(PEOPLE_PATH, {
        title: `${name.data} kept`,
        description: "Only you can see this person. Choose them on the compatibility form.",
        type: "success",
      });
    }
    case "delete-person": {
      const personId = parseId(field("id"));
      if (personId === null) return refused("That person is not on your list.");
      const deleted = await deletePerson({ userId, personId });
      return redirectWithToast(PEOPLE_PATH, {
        title: deleted ? "Person deleted" : "Nothing to delete",
        description: deleted ? "Their birth data is gone from your account." : undefined,
        type: deleted ? "success" : "info",
      });
    }
    default:
      return refused("Unknown form.");
  }
}
