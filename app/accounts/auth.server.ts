import { FormStrategy } from "remix-auth-form";
import type { AccountFailure } from "./errors";
import { verifyLogin } from "./login.server";
import { loginSchema } from "./schemas";
import type { PublicUser } from "./users.server";

/**
 * Sign-in with remix-auth v4's form strategy: it reads `request.clone().formData()` (callers must not read the body
 * first; they parse a clone for the form's messages) and resolves to the member or throws; the session is ours
 * (createUserSession). remix-auth 4 hands a strategy nothing but the request (no load context: remix-auth issue
 * #320, and its Authenticator passes on a copy), so the client IP, which only the load context knows, is bound to a
 * strategy made for the request, and no header carries it.
 */
class LoginFailedError extends Error {
  constructor(readonly failure: AccountFailure) {
    super(failure.error);
  }
}

function formStrategy(ip: string): FormStrategy<PublicUser> {
  return new FormStrategy(async ({ form }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      throw new LoginFailedError({ ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Login failed" });
    }
    const result = await verifyLogin({ login: parsed.data.username, password: parsed.data.password, ip });
    if (!result.ok) throw new LoginFailedError(result);
    return result.user;
  });
}

/** Signs in with the form strategy; resolves to the member or to the failure to show. */
export async function authenticateForm(
  request: Request,
  ip: string,
): Promise<{ ok: true; user: PublicUser } | AccountFailure> {
  try {
    return { ok: true, user: await formStrategy(ip).authenticate(request) };
  } catch (error) {
    if (error instanceof LoginFailedError) return error.failure;
    throw error;
  }
}

/** The member as the JSON API shows it: never the password hash or a token. */
export function userJson(user: PublicUser) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isEmailVerified: user.isEmailVerified,
    forumNotifications: user.forumNotifications,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
