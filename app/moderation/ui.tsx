import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FORUM_CATEGORIES } from "~/forum/categories";
import { ErrorSummary, FieldError } from "~/forum/ui";
import {
  ACTION_LABELS,
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  flagSchema,
  moderationSchema,
  NOTE_MAX,
  PERIODS,
  REASON_MAX,
  type ModerationAction,
  type TargetType,
} from "./schemas";

/**
 * The moderation forms (decision 026). Each action is a link to a URL that renders its confirmation form
 * (`?confirm=hide-post-12`): the form asks for the reason (and a period or a category where needed), says what
 * will happen, and is submitted as a plain post, so everything works without JavaScript.
 */
type Failure = { result?: SubmissionResult<string[]>; error?: string };

/** What a moderation `?confirm=` value names: `<action>-<post|topic>-<id>`. */
export function parseConfirm(
  value: string | null,
): { action: ModerationAction | "flag"; targetType: TargetType; targetId: number } | null {
  const match = /^([a-z]+)-(post|topic)-(\d{1,10})$/.exec(value ?? "");
  if (!match) return null;
  const action = match[1] as ModerationAction | "flag";
  if (action !== "flag" && !(action in ACTION_LABELS)) return null;
  const targetId = Number(match[3]);
  if (targetId <= 0 || targetId > 2_147_483_647) return null;
  return { action, targetType: match[2] as TargetType, targetId };
}

export function confirmValue(action: ModerationAction | "flag", targetType: TargetType, targetId: number): string {
  return `${action}-${targetType}-${targetId}`;
}

const CONSEQUENCES: Record<ModerationAction, string> = {
  keep: "The flags are cleared; a post hidden by members' flags becomes visible again.",
  hide: 'Readers will see "This post was hidden by a moderator" in its place; the author is told by e-mail with your reason.',
  unhide: "Everyone will see it again.",
  delete: "It leaves the forum (the record keeps it); the author is told by e-mail with your reason.",
  lock: "No one can reply until the topic is unlocked; the page says so.",
  unlock: "Members can reply again.",
  move: "The topic moves to the category you choose.",
  warn: "The author receives your reason as a private warning by e-mail.",
  silence: "The author cannot write topics or replies until the period ends.",
  suspend: "The author cannot sign in until the period ends, and every session they have is ended now.",
};

function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export function ModerationForm({
  action,
  targetType,
  targetId,
  cancelHref,
  failure,
  subject,
}: {
  action: ModerationAction;
  targetType: TargetType;
  targetId: number;
  cancelHref: string;
  failure?: Failure;
  /** what the action applies to, for the heading ("post #3", "the topic", "fm_abc") */
  subject: string;
}) {
  const navigation = useNavigation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [form, fields] = useForm({
    id: `moderate-${action}-${targetType}-${targetId}`,
    lastResult: failure?.result,
    constraint: getZodConstraint(moderationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moderationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "moderate";
  const label = ACTION_LABELS[action];
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 space-y-3 rounded border border-amber-400 bg-amber-50 p-4"
    >
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        {label}: {subject}
      </h3>
      {failure?.error ? <ErrorSummary title={`Could not ${label.toLowerCase()}`} description={failure.error} /> : null}
      <p className="text-sm">{CONSEQUENCES[action]}</p>
      <input type="hidden" name="intent" value="moderate" />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      {action === "silence" || action === "suspend" ? (
        <div>
          <label htmlFor={fields.periodHours.id} className="block font-semibold">
            For how long
          </label>
          <select
            {...getSelectProps(fields.periodHours)}
            className="rounded border border-violet-300 px-2 py-1"
            defaultValue="24"
          >
            {PERIODS.map((p) => (
              <option key={p.hours} value={p.hours}>
                {p.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.periodHours.errorId} errors={fields.periodHours.errors} />
        </div>
      ) : null}
      {action === "move" ? (
        <div>
          <label htmlFor={fields.category.id} className="block font-semibold">
            New category
          </label>
          <select {...getSelectProps(fields.category)} className="rounded border border-violet-300 px-2 py-1">
            {FORUM_CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </div>
      ) : null}
      <div>
        <label htmlFor={fields.reason.id} className="block font-semibold">
          Reason (required, up to {REASON_MAX} characters)
        </label>
        <textarea
          {...getTextareaProps(fields.reason)}
          rows={3}
          className="w-full rounded border border-violet-300 px-3 py-2"
        />
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="rounded bg-red-800 px-4 py-2 font-semibold text-white">
          Confirm: {label}
        </button>
        <Link to={cancelHref} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function FlagForm({
  targetType,
  targetId,
  cancelHref,
  failure,
  subject,
}: {
  targetType: TargetType;
  targetId: number;
  cancelHref: string;
  failure?: Failure;
  subject: string;
}) {
  const navigation = useNavigation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [form, fields] = useForm({
    id: `flag-${targetType}-${targetId}`,
    lastResult: failure?.result,
    constraint: getZodConstraint(flagSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: flagSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "flag";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-3 space-y-3 rounded border border-violet-300 bg-violet-50 p-4"
    >
      <h3 ref={heading} tabIndex={-1} className="font-semibold">
        Flag {subject} for the moderators
      </h3>
      {failure?.error ? <ErrorSummary title="Could not flag" description={failure.error} /> : null}
      <input type="hidden" name="intent" value="flag" />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <fieldset aria-describedby={fields.reason.errors?.length ? fields.reason.errorId : undefined}>
        <legend className="font-semibold">Why?</legend>
        {FLAG_REASONS.map((reason) => (
          <label key={reason} className="mr-4 inline-flex items-center gap-1">
            <input
              {...getInputProps(fields.reason, { type: "radio", value: reason })}
              id={`${fields.reason.id}-${reason}`}
            />
            {FLAG_REASON_LABELS[reason]}
          </label>
        ))}
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.note.id} className="block font-semibold">
          Note for the moderators (optional, up to {NOTE_MAX} characters)
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          rows={3}
          className="w-full rounded border border-violet-300 px-3 py-2"
        />
        <FieldError id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="rounded bg-cosmic px-4 py-2 font-semibold text-white">
          Send flag
        </button>
        <Link to={cancelHref} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
