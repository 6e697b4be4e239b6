/**
 * The accounts forms' texts and what an answer means, for the pages (no zod here: this runs in the browser). The
 * messages the schemas give are defined here so the pages can tell them apart without loading the schemas.
 */
export const PASSWORD_HINT =
  "8-16 characters with letters and numbers; symbols !@#$%^&*()_+-=[]{}|;:,.<>? are allowed.";

/** The reset link's form: the intent its page's answer names (decision 250). */
export const RESET_PASSWORD_INTENT = "reset-password";

export const CHANGE_EMAIL_MESSAGE = "Please enter a valid email address.";
export const CURRENT_PASSWORD_MESSAGE = "Please enter your current password to change your email.";

/** The spec's message when a JavaScript submission never reached the server (section 8, the forgot flows). */
export const NETWORK_FAILURE_MESSAGE = "An error occurred. Please try again.";

/** A Conform answer's errors: `""` holds the form's own, every other key a field's. */
export type FormErrors = Record<string, string[] | null | undefined>;

/** The message to show first: the form's own error, else the first field's. */
export function firstError(errors: FormErrors): string | undefined {
  return errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0];
}

/**
 * The change-e-mail form's titles (spec section 5): a missing '@' is 'Invalid email', a blank current password is
 * 'Password required'; anything else the server refuses is 'Update failed'.
 */
export function changeEmailErrorTitle(errors: FormErrors): string {
  if (errors.newEmail?.includes(CHANGE_EMAIL_MESSAGE)) return "Invalid email";
  if (errors.currentPassword?.includes(CURRENT_PASSWORD_MESSAGE)) return "Password required";
  return "Update failed";
}
