import { Form } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useToast } from "~/components/toaster";

/**
 * Sign-out (POST /logout). Without JavaScript the form posts and the server redirects home with 'Signed out'.
 * With JavaScript the POST goes through fetch so a failure can be told: toast 'Logout failed' (spec section 8);
 * on success the browser loads / (a full load, so every part of the page forgets the user).
 */
export function LogoutForm({ className, children }: { className?: string; children: ReactNode }) {
  const { show } = useToast();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch("/logout", {
        method: "POST",
        body: new URLSearchParams({ intent: "sign-out" }),
        credentials: "same-origin",
        redirect: "manual",
      });
      if (response.type === "opaqueredirect" || response.ok) {
        window.location.assign("/");
        return;
      }
      show({ title: "Logout failed", description: response.statusText || `HTTP ${response.status}`, type: "error" });
    } catch {
      show({ title: "Logout failed", type: "error" });
    }
    setBusy(false);
  };
  return (
    <Form method="post" action="/logout" onSubmit={onSubmit} aria-busy={busy || undefined}>
      {/* a named field: lynx sends a POST form with none as a GET (decision 130) */}
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" disabled={busy} className={className}>
        {children}
      </button>
    </Form>
  );
}
