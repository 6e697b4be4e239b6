/**
 * A failure the member can act on, with the HTTP status the page or API answers with and, when it belongs to
 * one field, that field's name (so forms tie the message to the input).
 */
export type AccountFailure = { ok: false; status: 400 | 401 | 403 | 409 | 429; error: string; field?: string };

export function failure(status: AccountFailure["status"], error: string, field?: string): AccountFailure {
  return { ok: false, status, error, field };
}

export const INVALID_CREDENTIALS = "Invalid username or password";
export const USERNAME_TAKEN = "This username is already taken. Please choose another.";
export const INVALID_RESET_LINK = "This password reset link is invalid or has expired. Please request a new one.";
export const WRONG_CURRENT_PASSWORD = "Your current password is incorrect.";
