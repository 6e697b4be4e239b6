import { data, redirect } from "@remix-run/node";
import type { FormAnswer } from "~/components/form-answer";
import { nameNumbersInputSchema } from "~/numerology/name-numbers.server";
import { safeRedirectPath } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { birthChartInputSchema } from "./birth-chart-input.server";
import { castBirthChart } from "./birth-chart.server";
import { deleteBirthProfile, renewCalendarKey, saveBirthChart, saveBirthNames } from "./birth-profiles.server";

/**
 * The forms that keep a member's birth data (POST /user-profile/birth-data): save the chart (from the birth chart
 * page), save the names (from the birth-date page), renew the calendar address, delete it all. A signed-out visitor
 * is sent to sign in and back to the page they were on, whose address still holds what they entered. A refusal is
 * the site's form answer (decision 250): the form's intent and the message in `error`.
 */
export const BIRTH_PROFILE_PATH = "/user-profile/birth-data";
export const BIRTH_PROFILE_INTENTS = ["save-chart", "save-names", "renew-calendar", "delete"] as const;

export async function submitBirthProfileForm(request: Request, userId: number | null) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (userId === null) {
    const back = safeRedirectPath(form.get("back"), BIRTH_PROFILE_PATH);
    return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  const refused = (error: string) => data<FormAnswer>({ intent, error }, { status: 400 });
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };

  switch (intent) {
    case "save-chart": {
      const parsed = birthChartInputSchema.safeParse({
        date: field("date"),
        time: field("time"),
        place: field("place"),
        houses: field("houses"),
        fold: field("fold"),
      });
      if (!parsed.success) return refused(parsed.error.issues[0]!.message);
      if (!parsed.data.place) return refused("Choose a birthplace on the birth chart page first.");
      const chart = {
        birthDate: parsed.data.date,
        birthTime: parsed.data.time,
        placeId: parsed.data.place,
        houseSystem: parsed.data.houses,
        fold: parsed.data.fold ?? null,
      };
      const cast = castBirthChart({
        date: chart.birthDate,
        time: chart.birthTime,
        placeId: chart.placeId,
        houseSystem: chart.houseSystem,
        fold: chart.fold,
      });
      if (cast.status === "invalid") return refused(cast.message);
      if (cast.status === "ambiguous") return refused("Choose which of the two clock times it was before saving.");
      await saveBirthChart({ userId, ...chart });
      return redirectWithToast(BIRTH_PROFILE_PATH, {
        title: "Birth chart saved",
        description: "Only you can see it. Its transits are now in your personal calendar.",
        type: "success",
      });
    }
    case "save-names": {
      const parsed = nameNumbersInputSchema.safeParse({
        name: field("name"),
        current: field("current"),
        y: field("y"),
      });
      if (!parsed.success) return refused(parsed.error.issues[0]!.message);
      await saveBirthNames({
        userId,
        birthName: parsed.data.name,
        currentName: parsed.data.current || null,
        yConvention: parsed.data.y,
      });
      return redirectWithToast(BIRTH_PROFILE_PATH, {
        title: "Names saved",
        description: "Only you can see them.",
        type: "success",
      });
    }
    case "renew-calendar":
      await renewCalendarKey({ userId });
      return redirectWithToast(BIRTH_PROFILE_PATH, {
        title: "New calendar address",
        description: "The old address no longer works.",
        type: "success",
      });
    case "delete": {
      const deleted = await deleteBirthProfile({ userId });
      return redirectWithToast(BIRTH_PROFILE_PATH, {
        title: deleted ? "Birth data deleted" : "Nothing to delete",
        description: deleted ? "Your saved chart and names are gone, and so is your personal calendar." : undefined,
        type: deleted ? "success" : "info",
      });
    }
    default:
      return refused("Unknown form.");
  }
}
