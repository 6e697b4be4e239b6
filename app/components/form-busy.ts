import { useNavigation } from "@remix-run/react";

// A module of its own: every forum page loads form-answer.tsx, and only the forms and buttons need this.
/** True while the form with this intent is being sent (and while the page it leads to loads). */
export function useFormBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
