import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { FormAnswer } from "~/components/form-answer";
import { GENERATION_TEXTS } from "~/numerology/texts";
import { saveScreenedPreferences } from "~/preferences/preferences.server";
import { preferencesSchema } from "~/preferences/schema";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";
import { PREFERENCES_INTENT } from "./ui/preferences-form";

/**
 * The astrology page's one form on the server: its HTML constraints (handed to the page by the loader, so the
 * schema and zod never reach the browser, decision 102) and its submission.
 */
export const PREFERENCES_CONSTRAINT = getZodConstraint(preferencesSchema);

/**
 * Content preferences: validated with the preferences schema, keywords screened, saved for the visitor, then back
 * to the same address (post/redirect/get); a refusal is a 400 with the form's errors, nothing stored: the form's
 * answer (decision 250), Conform's result and the error summary's title (why it was refused) as its `toast`.
 */
export async function submitPreferences(request: Request) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: preferencesSchema });
  const refused = (title: string, errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}) =>
    data<FormAnswer>(
      { intent: PREFERENCES_INTENT, result: submission.reply(errors), toast: { title } },
      { status: 400 },
    );
  const failedTitle = GENERATION_TEXTS.preferencesSaveFailed;
  if (formData.get("intent") !== PREFERENCES_INTENT) return refused(failedTitle, { formErrors: ["Unknown form."] });
  if (submission.status !== "success") return refused(failedTitle);

  const visitor = await getVisitor(request);
  const saved = await saveScreenedPreferences({ sessionId: visitor.sessionId, ...submission.value });
  if (!saved.ok) return refused(saved.title, { fieldErrors: { keywords: [saved.message] } });
  return redirect(new URL(request.url).pathname, {
    headers: visitorCookieHeader(visitor),
  });
}
