import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormAnswer } from "~/components/form-answer";
import { isDigit, type Digit } from "../principles";

const FINALIZING_AFTER_MS = 1500;

/**
 * The home generator's state: whether a generation is on its way, which number is chosen (the one being
 * generated, else the one that just failed, else the reading shown), the status phase (generating at once,
 * finalizing after 1.5 s) and the digit buttons, which keys 0-9 press unless the visitor is typing. The number that
 * failed is the one this page last sent (with JavaScript), or the one the server's answer says was sent (Conform's
 * result, when the form was valid and the generation failed).
 */
export function useGenerator({ failed, shownNumber }: { failed?: FormAnswer; shownNumber?: number }) {
  const navigation = useNavigation();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const submitting =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") !== "preferences";
  const pending = submitting && navigation.formData?.has("number") ? Number(navigation.formData.get("number")) : null;
  const [sent, setSent] = useState<number | null>(null);
  useEffect(() => {
    if (pending !== null) setSent(pending);
  }, [pending]);
  const answered = failed?.result?.status === "success" ? Number(failed.result.initialValue?.number) : null;
  const failedNumber = failed ? (sent ?? answered) : null;
  const chosen: Digit | null =
    [pending, failedNumber, shownNumber].find((n): n is Digit => n != null && isDigit(n)) ?? null;

  const [phase, setPhase] = useState<"idle" | "generating" | "finalizing">("idle");
  useEffect(() => {
    if (!submitting) return setPhase("idle");
    setPhase("generating");
    const timer = setTimeout(() => setPhase("finalizing"), FINALIZING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [submitting]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || !/^[0-9]$/.test(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.closest("input, textarea, select") || target.isContentEditable)) return;
      event.preventDefault();
      buttons.current[Number(event.key)]?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return { submitting, chosen, phase, buttons };
}

export const PHASE_TEXTS = {
  idle: "",
  generating: "Generating your insights…",
  finalizing: "Finalizing your insights…",
};
