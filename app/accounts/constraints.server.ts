import { getZodConstraint } from "@conform-to/zod/v4";
import {
  addEmailSchema,
  changeEmailSchema,
  forgotPasswordByEmailSchema,
  forgotPasswordByUsernameSchema,
  forgotUsernameSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "./schemas";

/**
 * The HTML constraints (required, minlength, pattern…) of the accounts forms, derived once from their schemas on
 * the server and sent in the loaders' data, so the schemas (and zod) never reach the browser (decision 102).
 */
export const authConstraints = {
  login: getZodConstraint(loginSchema),
  register: getZodConstraint(registerSchema),
  resetByEmail: getZodConstraint(forgotPasswordByEmailSchema),
  resetByUsername: getZodConstraint(forgotPasswordByUsernameSchema),
  recoverUsername: getZodConstraint(forgotUsernameSchema),
};
export type AuthConstraints = typeof authConstraints;

export const profileConstraints = {
  addEmail: getZodConstraint(addEmailSchema),
  changeEmail: getZodConstraint(changeEmailSchema),
};

export const resetPasswordConstraint = getZodConstraint(resetPasswordSchema);
