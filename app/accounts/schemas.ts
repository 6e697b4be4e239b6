import { z } from "zod";
import { userText } from "~/utils/user-text";
import { CHANGE_EMAIL_MESSAGE, CURRENT_PASSWORD_MESSAGE } from "./form-texts";

/**
 * The account fields' rules (spec part 1, section 5), defined once and used by the pages' actions (Conform) and
 * the JSON API. Server-side only: the pages get their HTML constraints from constraints.server.ts, so zod stays
 * out of the browser (decision 102). Messages are the spec's, word for word.
 */
export const RESERVED_USERNAME_TERMS = [
  "admin",
  "administrator",
  "root",
  "system",
  "null",
  "undefined",
  "moderator",
  "support",
  "official",
  "ontology",
  "numerology",
  "staff",
] as const;

export const USERNAME_MIN = 6;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const PASSWORD_MESSAGE = "Password must be 8-16 characters with letters, numbers, and optional symbols";
export const EMAIL_MESSAGE = "Please enter a valid email address";

export function containsReservedTerm(username: string): boolean {
  const lower = username.toLowerCase();
  return RESERVED_USERNAME_TERMS.some((term) => lower.includes(term));
}

/** The username's rules, after the user-text rule (decision 090) has refused controls and removed bidi marks. */
const usernameRules = z
  .string({ error: "Username is required" })
  .min(USERNAME_MIN, { error: "Username must be at least 6 characters" })
  .max(USERNAME_MAX, { error: "Username must be no more than 20 characters" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "Username can only contain letters, numbers, underscores, and hyphens" })
  .regex(/[A-Za-z]/, { error: "Username must contain at least one letter" })
  .refine((value) => !containsReservedTerm(value), { error: "Username contains inappropriate or reserved terms" });
export const usernameSchema = userText({ label: "Username", missing: "Username is required" }).pipe(usernameRules);

/** 8-16 characters from letters, digits and the spec's symbol set, with at least one letter and one digit. */
export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PASSWORD_MIN, { error: PASSWORD_MESSAGE })
  .max(PASSWORD_MAX, { error: PASSWORD_MESSAGE })
  .regex(/^[A-Za-z0-9!@#$%^&*()_+\-=[\]{}|;:,.<>?]+$/, { error: PASSWORD_MESSAGE })
  .regex(/[A-Za-z]/, { error: PASSWORD_MESSAGE })
  .regex(/[0-9]/, { error: PASSWORD_MESSAGE });

/** An e-mail address; the message differs by one full stop between the spec's registration and profile texts. */
export function emailField(message: string = EMAIL_MESSAGE) {
  return userText({ label: "Email", missing: message })
    .pipe(z.string().max(254, { error: message }))
    .pipe(z.email({ error: message }));
}
export const emailSchema = emailField();

/** Login takes a username or an e-mail address (DESIGN decision 3); a username is held to the username rule. */
export const loginSchema = z.object({
  username: userText({ label: "Username", missing: "Please enter your username or email" }).superRefine(
    (value, ctx) => {
      const rule = value.includes("@") ? emailSchema : usernameSchema;
      const result = rule.safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    },
  ),
  password: z
    .string({ error: PASSWORD_MESSAGE })
    .min(PASSWORD_MIN, { error: PASSWORD_MESSAGE })
    .max(PASSWORD_MAX, { error: PASSWORD_MESSAGE }),
  redirectTo: z.string().optional(),
});

export const registerSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    redirectTo: z.string().optional(),
  })
  .refine((value) => value.password.toLowerCase() !== value.username.toLowerCase(), {
    error: "Password cannot be the same as your username",
    path: ["password"],
  });

export const forgotPasswordByEmailSchema = z.object({ email: emailSchema });
export const forgotUsernameSchema = z.object({ email: emailSchema });
export const forgotPasswordByUsernameSchema = z.object({
  username: userText({ label: "Username", missing: "Username is required" }).pipe(
    z.string().min(1, { error: "Username is required" }),
  ),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Reset token is required" }).trim().min(1, { error: "Reset token is required" }),
    password: passwordSchema,
    confirmPassword: z.string({ error: "Please confirm your new password" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: "The passwords do not match",
    path: ["confirmPassword"],
  });

export const addEmailSchema = z.object({ email: emailSchema });

export const changeEmailSchema = z.object({
  newEmail: userText({ label: "Email", missing: CHANGE_EMAIL_MESSAGE })
    .refine((value) => value.includes("@"), { error: CHANGE_EMAIL_MESSAGE })
    .pipe(emailField(CHANGE_EMAIL_MESSAGE)),
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_MESSAGE })
    .refine((value) => value.trim().length > 0, { error: CURRENT_PASSWORD_MESSAGE }),
});

/** Second factor (decision 210): a 6-digit code from the authenticator app (spaces allowed, as apps show them). */
export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app.";
export const RECOVERY_CODE_MESSAGE = "Enter one of your recovery codes (28 letters and digits, in groups of four).";
export const CODE_OR_RECOVERY_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code.";
const totpCode = z
  .string({ error: TOTP_CODE_MESSAGE })
  .trim()
  .regex(/^\d{3} ?\d{3}$/, { error: TOTP_CODE_MESSAGE });
export const totpCodeSchema = z.object({ code: totpCode, intent: z.string().optional() });
export const recoveryCodeSchema = z.object({
  recoveryCode: z
    .string({ error: RECOVERY_CODE_MESSAGE })
    .trim()
    .min(28, { error: RECOVERY_CODE_MESSAGE })
    .max(40, { error: RECOVERY_CODE_MESSAGE }),
});
/** Turning the second factor off or new recovery codes: a current code, or a recovery code (a lost phone). */
export const codeOrRecoverySchema = z.object({
  code: z
    .string({ error: CODE_OR_RECOVERY_MESSAGE })
    .trim()
    .min(6, { error: CODE_OR_RECOVERY_MESSAGE })
    .max(40, { error: CODE_OR_RECOVERY_MESSAGE }),
});
