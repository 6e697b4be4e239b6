import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { RouteDialog } from "~/components/dialog";
import { FieldError } from "~/components/field-error";
import { ErrorSummary, SelectField, TextareaField, useSiteForm, type FormConstraint } from "~/components/form";
import { CATEGORY_OPTIONS } from "~/forum/categories";
import type { Confirm } from "../confirm";
import {
  ACTION_LABELS,
  CONSEQUENCES,
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  NOTE_MAX,
  PERIODS,
  REASON_MAX,
  type ModerationAction,
  type TargetType,
} from "../labels";

/**
 * The flag and moderation confirmations (decision 026): each action is a link to the page at `?confirm=…`, which
 * renders this route dialog with its form (the reason, and a period or a category where needed, and what will
 * happen), submitted as a plain post, so everything works without JavaScript. The page's action validates it.
 */
type Target = { targetType: TargetType; targetId: number };
type DialogProps = Target & {
  /** where Close and Cancel go (the page without its ?confirm=) */
  closeTo: string;
  /** what the action applies to, for the heading ("post #3", "this topic", "fm_abc") */
  subject: string;
  constraint: FormConstraint;
};

export function ConfirmDialog({ confirm, ...props }: DialogProps & { confirm: Confirm }) {
  return confirm.action === "flag" ? <FlagForm {...props} /> : <ModerationForm action={confirm.action} {...props} />;
}

function ConfirmForm({
  intent,
  title,
  errorTitle,
  target,
  closeTo,
  constraint,
  confirmLabel,
  danger,
  children,
}: {
  intent: "flag" | "moderate";
  title: string;
  errorTitle: string;
  target: Target & { action?: ModerationAction };
  closeTo: string;
  constraint: FormConstraint;
  confirmLabel: string;
  danger?: boolean;
  children: (fields: ReturnType<typeof useSiteForm<ConfirmFields>>["fields"]) => ReactNode;
}) {
  const { form, fields, answer, busy } = useSiteForm<ConfirmFields>({
    intent,
    id: `${intent}-${target.targetType}-${target.targetId}`,
    constraint,
  });
  return (
    <RouteDialog id={`${form.id}-dialog`} title={title} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <ErrorSummary form={{ id: form.id }} title={errorTitle} description={answer?.error} resultKey={answer} />
        <input type="hidden" name="intent" value={intent} />
        {target.action ? <input type="hidden" name="action" value={target.action} /> : null}
        <input type="hidden" name="targetType" value={target.targetType} />
        <input type="hidden" name="targetId" value={target.targetId} />
        {children(fields)}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={busy}
            className={`rounded px-4 py-2 font-semibold text-white ${danger ? "bg-red-800" : "bg-cosmic"}`}
          >
            {confirmLabel}
          </button>
          <Link to={closeTo} preventScrollReset className="rounded border border-violet-300 px-4 py-2 text-ink">
            Cancel
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}

type ConfirmFields = { reason: string; note: string; periodHours: string; category: string };

const PERIOD_OPTIONS = PERIODS.map((p) => ({ value: p.hours, label: p.label }));

function ModerationForm({ action, subject, ...props }: DialogProps & { action: ModerationAction }) {
  const label = ACTION_LABELS[action];
  return (
    <ConfirmForm
      intent="moderate"
      title={`${label}: ${subject}`}
      errorTitle={`Could not ${label.toLowerCase()}`}
      target={{ action, targetType: props.targetType, targetId: props.targetId }}
      closeTo={props.closeTo}
      constraint={props.constraint}
      confirmLabel={`Confirm: ${label}`}
      danger
    >
      {(fields) => (
        <>
          <p className="text-sm">{CONSEQUENCES[action]}</p>
          {action === "silence" || action === "suspend" ? (
            <SelectField meta={fields.periodHours} label="For how long" options={PERIOD_OPTIONS} defaultValue="24" />
          ) : null}
          {action === "move" ? (
            <SelectField meta={fields.category} label="New category" options={CATEGORY_OPTIONS} />
          ) : null}
          <TextareaField meta={fields.reason} label={`Reason (required, up to ${REASON_MAX} characters)`} rows={3} />
        </>
      )}
    </ConfirmForm>
  );
}

function FlagForm({ subject, ...props }: DialogProps) {
  return (
    <ConfirmForm
      intent="flag"
      title={`Flag ${subject} for the moderators`}
      errorTitle="Could not flag"
      target={props}
      closeTo={props.closeTo}
      constraint={props.constraint}
      confirmLabel="Send flag"
    >
      {(fields) => (
        <>
          <fieldset aria-describedby={fields.reason.errors?.length ? fields.reason.errorId : undefined}>
            <legend className="font-semibold">Why?</legend>
            {FLAG_REASONS.map((reason) => (
              <label key={reason} className="mr-4 inline-flex items-center gap-1">
                <input
                  {...getInputProps(fields.reason, { type: "radio", value: reason })}
                  // Conform adds the enum's pattern, which HTML allows on text-like inputs only (decision 152)
                  pattern={undefined}
                  id={`${fields.reason.id}-${reason}`}
                />
                {FLAG_REASON_LABELS[reason]}
              </label>
            ))}
            <FieldError meta={fields.reason} />
          </fieldset>
          <TextareaField
            meta={fields.note}
            label={`Note for the moderators (optional, up to ${NOTE_MAX} characters)`}
            rows={3}
          />
        </>
      )}
    </ConfirmForm>
  );
}
