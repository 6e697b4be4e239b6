import { ErrorSummary } from "~/components/form";
import type { FormAnswer } from "~/components/form-answer";

// Apart from ~/components/form-answer.tsx, which every forum and moderation page imports: the summary brings the form
// components (and Conform), which only the forms loaded on demand need (decision 107).
/** A failed answer's toast, in the form as its error summary (title and description; focus moves to it). */
export function AnswerSummary({ formId, answer }: { formId: string; answer?: FormAnswer }) {
  if (!answer?.toast) return null;
  const { title, description } = answer.toast;
  return <ErrorSummary form={{ id: formId }} title={title} description={description} resultKey={answer} />;
}
