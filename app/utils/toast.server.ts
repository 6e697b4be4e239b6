import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { COOKIES, cookieMaxAge } from "./cookies";
import { env, secureCookies } from "./env.server";

/**
 * Toasts carried across a redirect in a short-lived flash cookie (post/redirect/get). The root loader reads and
 * clears it; the page shows it in a Radix toast with JavaScript and in a status region without.
 */
export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("info"),
  /** shown but not announced: the page announces the same outcome itself, once (decision 130) */
  quiet: z.boolean().optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const toastCookie = createCookie(COOKIES.toast.name, {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  maxAge: cookieMaxAge("toast"),
  secrets: [env.SESSION_SECRET],
});

export async function toastHeaders(toast: ToastInput): Promise<Headers> {
  return new Headers({ "Set-Cookie": await toastCookie.serialize(toastSchema.parse(toast)) });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) }),
  };
}

/** A redirect that shows a toast on the next page. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  (await toastHeaders(toast)).forEach((value, key) => headers.append(key, value));
  headers.set("Location", url);
  return new Response(null, { status: 302, ...init, headers });
}
