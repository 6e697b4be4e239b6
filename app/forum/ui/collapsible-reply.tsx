import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FormConstraint } from "~/components/form";
import { useFormAnswer } from "~/components/form-answer";
import { onDemand } from "~/components/on-demand";
import { useHydrated } from "~/components/use-hydrated";

const ReplyForm = onDemand(() => import("./post-forms").then((m) => m.ReplyForm));

/**
 * The reply form is collapsed or expanded (spec section 4). Without JavaScript (the server render) and at
 * ?reply=1 it is expanded; with JavaScript it starts collapsed behind a 'Write a Reply' button, and stays open
 * after a failed reply so the text is not lost. The form's code (Conform) loads when it is expanded, or when the
 * button is pointed at or focused (decision 107); until then a collapsed form is the server's HTML, hidden.
 * `resetKey` changes after a reply is posted, which empties the form.
 */
export function CollapsibleReply({
  constraint,
  resetKey,
  quote,
}: {
  constraint: FormConstraint;
  resetKey: string;
  /** a Quote link's text (decision 313): the form opens holding it */
  quote?: string;
}) {
  const [params] = useSearchParams();
  const answer = useFormAnswer("reply");
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(params.get("reply") === "1" || !!quote);
  // the form 'Write a Reply' opened (for this reset key) takes the focus as it appears, so the member is in it
  // (decision 400); a form opened by a failed answer, or emptied after a reply, does not
  const [openedFor, setOpenedFor] = useState<string>();
  useEffect(() => {
    if (answer) setExpanded(true);
  }, [answer]);
  const open = !hydrated || expanded;
  // a reply typed before the page hydrated stays in view: the form opens instead of hiding it (issue 31), and the
  // form that replaces the server's takes the text, focused (decision 230). (A layout effect, so the form never
  // shows collapsed first; on-use's hook would bring its module to this page, over the JavaScript budget.)
  const panel = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState<[key: string, text: string]>();
  // what is in the reply until the form takes it: typed before hydration, then in the stand-in below
  const latest = useRef("");
  const typedNow = useCallback(() => latest.current, []);
  useClientLayoutEffect(() => {
    const text = panel.current?.querySelector("textarea")?.value;
    if (!text?.trim()) return;
    latest.current = text;
    setTyped([resetKey, text]);
    setExpanded(true);
  }, []); // once, as the page hydrates
  const adopting = typed?.[0] === resetKey;
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="reply-panel"
          onClick={() => {
            setOpenedFor(open ? undefined : resetKey);
            setExpanded(!open);
          }}
          onPointerEnter={ReplyForm.preload}
          onFocus={ReplyForm.preload}
          className="mt-3 rounded border border-cosmic px-4 py-2 font-semibold text-cosmic"
        >
          {open ? "Hide Reply Form" : "Write a Reply"}
        </button>
      ) : null}
      <div id="reply-panel" ref={panel} hidden={!open}>
        <ReplyForm
          key={resetKey}
          wanted={expanded || !!answer}
          constraint={constraint}
          typed={adopting ? typedNow : undefined}
          quote={quote}
          focused={openedFor === resetKey}
          // while the form's code arrives, the text stays in a plain field that keeps the focus and what is typed
          fallback={
            adopting ? (
              <textarea
                aria-label="Your reply"
                rows={5}
                defaultValue={latest.current}
                ref={focusAtEnd}
                onInput={(event) => (latest.current = event.currentTarget.value)}
                className="mt-3 w-full rounded border border-violet-300 px-3 py-2"
              />
            ) : null
          }
        />
      </div>
    </>
  );
}

/** Focus in the field with the caret after its text, to go on writing. */
function focusAtEnd(field: HTMLTextAreaElement | null) {
  if (!field || document.activeElement === field) return;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

// the server runs no effect; React warns about a layout effect there
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
