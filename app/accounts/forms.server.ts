import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import type { FormAnswer } from "~/components/form-answer";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE, honeypotFilled } from "~/components/honeypot";
import { publicOrigin } from "~/utils/env.server";
import { safeRedirectPath } from "~/utils/http.server";
import { parseId } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import { ADMIN_TOKENS_PATH, adminTokenSchema, createAdminApiToken, revokeAdminApiToken } from "./admin-tokens.server";
import { readResetMethod } from "./auth-page";
import { authenticateForm } from "./auth.server";
import { addEmail, changeEmail, issueEmailVerification } from "./email.server";
import type { AccountFailure } from "./errors";
import { RESET_PASSWORD_INTENT } from "./form-texts";
import { serializeSentValue, type SentValue } from "./recovery-cookie.server";
import { requestRecoveryMail, resetPassword } from "./recovery.server";
import { registerMember } from "./registration.server";
import {
  addEmailSchema,
  changeEmailSchema,
  codeOrRecoverySchema,
  forgotPasswordByEmailSchema,
  forgotPasswordByUsernameSchema,
  forgotUsernameSchema,
  loginSchema,
  recoveryCodeSchema,
  registerSchema,
  resetPasswordSchema,
  totpCodeSchema,
} from "./schemas";
import { createUserSession, endMemberSessions, signedOutOthersMessage } from "./session.server";
import { SECOND_STEP_PATH, TWO_FACTOR_SETTINGS_PATH } from "./two-factor";
import {
  cancelEnrolment,
  clearLoginChallengeCookie,
  completeLoginChallenge,
  confirmEnrolment,
  disableTwoFactor,
  hasTwoFactor,
  readLoginChallenge,
  regenerateRecoveryCodes,
  startEnrolment,
  startLoginChallenge,
} from "./two-factor.server";
import { isAdminUser, type PublicUser } from "./users.server";

/**
 * The accounts pages' forms on the server: the HTML constraints each form gets from its loader (derived once from
 * its schema here, so the schemas and zod never reach the browser, decision 102), and each intent of a page's
 * action: validate with the form's one schema, call the domain, and answer with a redirect and a toast
 * (post/redirect/get) or `{ intent, result }` (Conform's reply) with the domain's status.
 */
export const AUTH_CONSTRAINTS = {
  login: getZodConstraint(loginSchema),
  register: getZodConstraint(registerSchema),
  resetByEmail: getZodConstraint(forgotPasswordByEmailSchema),
  resetByUsername: getZodConstraint(forgotPasswordByUsernameSchema),
  recoverUsername: getZodConstraint(forgotUsernameSchema),
};

export const PROFILE_CONSTRAINTS = {
  addEmail: getZodConstraint(addEmailSchema),
  changeEmail: getZodConstraint(changeEmailSchema),
};

export const RESET_PASSWORD_CONSTRAINT = getZodConstraint(resetPasswordSchema);

export const ADMIN_TOKEN_CONSTRAINT = getZodConstraint(adminTokenSchema);

export const TWO_FACTOR_CONSTRAINTS = {
  code: getZodConstraint(totpCodeSchema),
  recoveryCode: getZodConstraint(recoveryCodeSchema),
  codeOrRecovery: getZodConstraint(codeOrRecoverySchema),
};

/**
 * An admin without a second factor, signed in by a password (the sign-in or a reset), is made to set one up first
 * (decision 291): the session is made, and the way leads to the set-up page, whatever `redirectTo` said.
 */
async function signedInToSetUp(userId: number, request: Request) {
  return redirectWithToast(
    TWO_FACTOR_SETTINGS_PATH,
    {
      title: "Set up two-factor authentication",
      description: "You are signed in. Admins need two-factor authentication: set it up to continue.",
      type: "info",
    },
    { headers: { "Set-Cookie": await createUserSession(userId, request) } },
  );
}

/** The password step of an account with a second factor: a pending sign-in, and its code page. */
async function secondStepRedirect(userId: number, redirectTo: string | null | undefined) {
  return redirect(SECOND_STEP_PATH, { headers: { "Set-Cookie": await startLoginChallenge(userId, redirectTo) } });
}

/**
 * A refused submission: Conform's reply (400), or with the domain's failure its message and status, under the
 * field the failure names (`at` overrides: another field, or "form" for the form's own errors).
 */
function refused(
  intent: string,
  submission: Submission<unknown>,
  failure?: AccountFailure,
  { at, hideFields = ["password"] }: { at?: string; hideFields?: string[] } = {},
) {
  if (!failure) return data<FormAnswer>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
  const field = at === "form" ? undefined : (at ?? failure.field);
  const errors = field ? { fieldErrors: { [field]: [failure.error] } } : { formErrors: [failure.error] };
  return data<FormAnswer>({ intent, result: submission.reply({ ...errors, hideFields }) }, { status: failure.status });
}

const unknownForm = () => new Response("Unknown form action.", { status: 400 });

/** Where a recovery dialog goes next, with the value entered kept for it in a short-lived cookie. */
async function sentRedirect(to: string, value: SentValue) {
  return redirect(to, { headers: { "Set-Cookie": await serializeSentValue(value) } });
}

/**
 * A recovery request (forgot password by e-mail or username, forgot username): one field, a mail sent by the
 * domain, then the "sent" dialog showing the value entered; a refusal is shown under that field.
 */
async function requestRecovery<F extends SentValue["kind"]>(
  intent: string,
  formData: FormData,
  schema: z.ZodType<Record<F, string>>,
  field: F,
  sentTo: string,
  send: (value: string) => Promise<{ ok: true } | AccountFailure>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refused(intent, submission);
  const value = submission.value[field];
  const result = await send(value);
  if (!result.ok) return refused(intent, submission, result, { at: field });
  const sent: SentValue = { kind: field, value, mail: intent === "forgot-username" ? "username" : "password-reset" };
  // "Resend Email" in a …Sent dialog: the same dialog again, with a toast saying it was sent again (issue 47)
  if (formData.get("resend") === "1") {
    return redirectWithToast(
      sentTo,
      { title: "Email sent again", description: `We've sent it again to ${sentToWhom(sent)}.`, type: "success" },
      { headers: { "Set-Cookie": await serializeSentValue(sent) } },
    );
  }
  return sentRedirect(sentTo, sent);
}

/** Who a recovery mail went to, as the toast of a resend says it (never whether the account exists). */
function sentToWhom(sent: SentValue): string {
  return sent.kind === "email" ? sent.value : `the email address of ${sent.value}, if it has one`;
}

/** /auth: sign in, register, forgot password (by e-mail or username), forgot username. */
export async function submitAuthForm(request: Request, ip: string) {
  // The form strategy reads the body itself: parse a clone here.
  const formData = await request.clone().formData();
  const intent = String(formData.get("intent") ?? "");
  const origin = publicOrigin();

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const result = await authenticateForm(request, ip);
    if (!result.ok) return refused(intent, submission, result);
    // A second factor (decision 210): no session yet, the code page next.
    if (await hasTwoFactor(result.user.id)) return secondStepRedirect(result.user.id, submission.value.redirectTo);
    if (isAdminUser(result.user)) return signedInToSetUp(result.user.id, request);
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo, "/forum"),
      { title: "Welcome back!", description: "You have successfully signed in.", type: "success" },
      { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
    );
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (honeypotFilled(formData.get(HONEYPOT_FIELD))) {
      return refused(intent, submission, { ok: false, status: 400, error: HONEYPOT_MESSAGE });
    }
    if (submission.status !== "success") return refused(intent, submission);
    const { username, email, password, redirectTo } = submission.value;
    const result = await registerMember({ username, email, password, ip, origin });
    if (!result.ok) return refused(intent, submission, result);
    if (result.requiresEmailVerification) {
      const description =
        "We've sent you a confirmation link to complete your registration. Check your spam folder if you don't see it.";
      return redirectWithToast(
        "/auth?dialog=check-email",
        { title: "Check your email!", description, type: "success" },
        { headers: { "Set-Cookie": await serializeSentValue({ kind: "email", value: email, mail: "registration" }) } },
      );
    }
    return redirectWithToast(
      safeRedirectPath(redirectTo, "/forum"),
      {
        title: "Welcome to the community!",
        description: "Your account has been created successfully.",
        type: "success",
      },
      { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
    );
  }

  if (intent === "forgot-password" && readResetMethod(formData.get("method")) === "email") {
    return requestRecovery(
      intent,
      formData,
      forgotPasswordByEmailSchema,
      "email",
      "/auth?dialog=reset-sent&method=email",
      (email) => requestRecoveryMail({ mail: { kind: "reset-by-email", email }, ip, origin }),
    );
  }
  if (intent === "forgot-password") {
    return requestRecovery(
      intent,
      formData,
      forgotPasswordByUsernameSchema,
      "username",
      "/auth?dialog=reset-sent&method=username",
      (username) => requestRecoveryMail({ mail: { kind: "reset-by-username", username }, ip, origin }),
    );
  }
  if (intent === "forgot-username") {
    return requestRecovery(intent, formData, forgotUsernameSchema, "email", "/auth?dialog=username-sent", (email) =>
      requestRecoveryMail({ mail: { kind: "username-reminder", email }, ip, origin }),
    );
  }

  throw unknownForm();
}

/** /user-profile: add or change the e-mail address, resend its verification link, end the other sessions. */
export async function submitProfileForm(
  request: Request,
  member: { sessionId: string; userId: number; email: string | null },
) {
  const { sessionId, userId } = member;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const origin = publicOrigin();

  if (intent === "add-email") {
    const submission = parseWithZod(formData, { schema: addEmailSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const result = await addEmail({ userId, email: submission.value.email, origin });
    if (!result.ok) return refused(intent, submission, result, { at: "form" });
    return redirectWithToast("/user-profile", {
      title: "Email added",
      description: `We've sent a verification link to ${result.user.email}.`,
      type: "success",
    });
  }

  if (intent === "change-email") {
    const hideFields = ["currentPassword"];
    const submission = parseWithZod(formData, { schema: changeEmailSchema });
    if (submission.status !== "success") return refused(intent, submission, undefined, { hideFields });
    const result = await changeEmail({ userId, sessionId, ...submission.value, origin });
    if (!result.ok) return refused(intent, submission, result, { hideFields });
    return redirectWithToast("/user-profile", {
      title: "Email updated",
      description: `Your email address has been updated successfully. We've sent a verification link to ${result.user.email}.`,
      type: "success",
    });
  }

  if (intent === "resend-verification") {
    const result = await issueEmailVerification({ userId, origin });
    if (!result.ok) {
      return data<FormAnswer>(
        { intent, result: { status: "error", error: { "": [result.error] } } },
        { status: result.status },
      );
    }
    return redirectWithToast("/user-profile", {
      title: "Verification email sent",
      description: `We've sent a new verification link to ${member.email}.`,
      type: "success",
    });
  }

  if (intent === "sign-out-others") {
    const ended = await endMemberSessions({ userId, exceptSessionId: sessionId });
    return redirectWithToast("/user-profile", {
      title: "Signed out of other devices",
      description: signedOutOthersMessage(ended),
      type: "success",
    });
  }

  throw unknownForm();
}

/** /reset-password: the new password twice; on success the member is signed in. */
export async function submitNewPassword(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  // the form's answer (decision 250): Conform's result, the passwords left out
  const refused = (status: number, errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] } = {}) =>
    data<FormAnswer>(
      { intent: RESET_PASSWORD_INTENT, result: submission.reply({ ...errors, hideFields }) },
      { status },
    );
  if (submission.status !== "success") return refused(400);
  const { token, password } = submission.value;
  const result = await resetPassword({ token, password, origin: publicOrigin() });
  if (!result.ok) {
    const errors =
      result.field === "password" ? { fieldErrors: { password: [result.error] } } : { formErrors: [result.error] };
    return refused(result.status, errors);
  }
  // The mailed link stands for the password; an account with a second factor still needs its code.
  if (await hasTwoFactor(result.user.id)) return secondStepRedirect(result.user.id, "/forum");
  if (isAdminUser(result.user)) return signedInToSetUp(result.user.id, request);
  return redirectWithToast(
    "/forum",
    {
      title: "Password updated",
      description: "Your password has been reset and you are now signed in.",
      type: "success",
    },
    { headers: { "Set-Cookie": await createUserSession(result.user.id, request) } },
  );
}

/**
 * /auth/two-factor: the code (intent "code") or a recovery code (intent "recovery") for the pending sign-in; on
 * success the session is made as the password step makes it without a second factor (a new id, the request's old
 * session ended, the same welcome and redirectTo).
 */
export async function submitSecondStep(request: Request, ip: string) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "code" && intent !== "recovery") throw unknownForm();
  const recovery = intent === "recovery";
  const field = recovery ? "recoveryCode" : "code";
  const submission = parseWithZod(formData, { schema: recovery ? recoveryCodeSchema : totpCodeSchema });
  const hideFields = [field];
  if (submission.status !== "success") return refused(intent, submission, undefined, { hideFields });
  const challenge = await readLoginChallenge(request);
  if (!challenge) return secondStepExpired();
  const value = submission.value as { code?: string; recoveryCode?: string };
  const result = await completeLoginChallenge({
    challenge,
    code: (recovery ? value.recoveryCode : value.code) ?? "",
    recovery,
    ip,
  });
  if (!result.ok) return refused(intent, submission, result, { hideFields });
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(result.userId, request));
  headers.append("Set-Cookie", await clearLoginChallengeCookie());
  return redirectWithToast(
    safeRedirectPath(result.redirectTo, "/forum"),
    { title: "Welcome back!", description: "You have successfully signed in.", type: "success" },
    { headers },
  );
}

/** A code page without a pending sign-in (none, expired, or used): back to the password, saying why. */
export async function secondStepExpired() {
  return redirectWithToast(
    "/auth",
    { title: "Sign in again", description: "Your sign-in took too long or was already used.", type: "error" },
    { headers: { "Set-Cookie": await clearLoginChallengeCookie() } },
  );
}

/**
 * The recovery codes, shown once: an answer of its own intent, not the form's (the form that sent it is gone, or is
 * drawn anew, so its error summary does not take the focus the codes' panel takes).
 */
function recoveryCodesAnswer(recoveryCodes: string[]) {
  return { intent: "recovery-codes", recoveryCodes };
}

/**
 * /user-profile/two-factor (staff): start the set-up, cancel it, confirm it with a first code (the answer carries
 * the recovery codes, shown once), new recovery codes, turn it off. The route has checked the role and the recent
 * authentication.
 */
export async function submitTwoFactorSettings(request: Request, user: PublicUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const done = (title: string, description: string) =>
    redirectWithToast(TWO_FACTOR_SETTINGS_PATH, { title, description, type: "success" });

  if (intent === "start") {
    const result = await startEnrolment(user.id);
    if (!result.ok) {
      return data<FormAnswer>({ intent, result: { status: "error", error: { "": [result.error] } } }, { status: 409 });
    }
    return redirect(TWO_FACTOR_SETTINGS_PATH);
  }
  if (intent === "cancel") {
    await cancelEnrolment(user.id);
    return done("Set-up cancelled", "Two-factor authentication stays off.");
  }

  const hideFields = ["code"];
  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: totpCodeSchema });
    if (submission.status !== "success") return refused(intent, submission, undefined, { hideFields });
    const result = await confirmEnrolment({ user, code: submission.value.code });
    if (!result.ok) return refused(intent, submission, result, { hideFields });
    return recoveryCodesAnswer(result.recoveryCodes);
  }
  if (intent === "regenerate" || intent === "disable") {
    const submission = parseWithZod(formData, { schema: codeOrRecoverySchema });
    if (submission.status !== "success") return refused(intent, submission, undefined, { hideFields });
    const code = submission.value.code;
    if (intent === "disable") {
      const result = await disableTwoFactor({ user, code });
      if (!result.ok) return refused(intent, submission, result, { hideFields });
      return done("Two-factor authentication is off", "Signing in asks for your password only.");
    }
    const result = await regenerateRecoveryCodes({ user, code });
    if (!result.ok) return refused(intent, submission, result, { hideFields });
    return recoveryCodesAnswer(result.recoveryCodes);
  }
  throw unknownForm();
}

/**
 * /admin/api-tokens (decision 291): make a token (the answer carries it, shown this once) or revoke one of the
 * admin's own. The route has checked the admin, their second factor and the recent authentication.
 */
export async function submitAdminTokenForm(request: Request, user: PublicUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: adminTokenSchema });
    if (submission.status !== "success") return refused(intent, submission);
    const made = await createAdminApiToken({ userId: user.id, ...submission.value });
    return { intent: "token-made", token: made.token, name: made.name, expiresAt: made.expiresAt.toISOString() };
  }
  if (intent === "revoke") {
    const id = parseId(String(formData.get("id") ?? ""));
    if (id === null || !(await revokeAdminApiToken({ userId: user.id, id }))) {
      return redirectWithToast(ADMIN_TOKENS_PATH, {
        title: "Nothing revoked",
        description: "That token is not one of yours, or it was revoked already.",
        type: "error",
      });
    }
    return redirectWithToast(ADMIN_TOKENS_PATH, {
      title: "Token revoked",
      description: "It no longer opens the e-mail export.",
      type: "success",
    });
  }
  throw unknownForm();
}
