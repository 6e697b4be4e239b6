import { describe, expect, it } from "vitest";
import { CHANGE_EMAIL_MESSAGE, changeEmailErrorTitle, CURRENT_PASSWORD_MESSAGE, firstError } from "./form-texts";
import { changeEmailSchema } from "./schemas";

const errorsOf = (input: Record<string, string>) => {
  const result = changeEmailSchema.safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
};

describe("what a change-e-mail answer means (spec section 5)", () => {
  it("titles a missing '@' 'Invalid email' and a blank password 'Password required', from the schema's messages", () => {
    expect(changeEmailErrorTitle(errorsOf({ newEmail: "no-at-sign", currentPassword: "Secret123" }))).toBe(
      "Invalid email",
    );
    expect(changeEmailErrorTitle(errorsOf({ newEmail: "a@b.co", currentPassword: "   " }))).toBe("Password required");
    expect(errorsOf({ newEmail: "no-at-sign", currentPassword: "x" }).newEmail).toContain(CHANGE_EMAIL_MESSAGE);
    expect(errorsOf({ newEmail: "a@b.co", currentPassword: "" }).currentPassword).toContain(CURRENT_PASSWORD_MESSAGE);
  });

  it("titles anything else the server refuses 'Update failed'", () => {
    expect(changeEmailErrorTitle({ currentPassword: ["Your current password is incorrect."] })).toBe("Update failed");
    expect(changeEmailErrorTitle({ "": ["Too many attempts."] })).toBe("Update failed");
  });

  it("shows the form's own error first, else the first field's", () => {
    expect(firstError({ email: ["Bad"], "": ["Form"] })).toBe("Form");
    expect(firstError({ email: null, password: ["Short"] })).toBe("Short");
    expect(firstError({})).toBeUndefined();
  });
});
