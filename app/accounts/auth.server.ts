import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AccountFailure } from "./errors";
import { verifyLogin } from "./login.server";
import { loginSchema } from "./schemas";
import type { PublicUser } from "./users.server";

/**
 * remix-auth v4 with the form strategy: `authenticate()` returns the member or throws; the session is ours
 * (createUserSession). The strategy reads `request.clone().formData()`, so callers must not read the body
 * first (they parse a clone for the form's messages). The client IP comes from the load context, which the
 * strategy cannot see (and the Authenticator hands it a copy of the request): `authenticateForm(request, ip)`
 * passes it in a header that it sets itself, overwriting anything a client sent under that name.
 */
export class LoginFailedError extends Error {
  constructor(readonly failure: AccountFailure) {
    super(failure.error);
  }
}

const CLIENT_IP_HEADER = "x-accounts-client-ip";

export const authenticator = new Authenticator<PublicUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      throw new LoginFailedError({ ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Login failed" });
    }
    const result = await verifyLogin({
      login: parsed.data.username,
      password: parsed.data.password,
      ip: request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    });
    if (!result.ok) throw new LoginFailedError(result);
    return result.user;
  }),
  "form",
);

/** Signs in with the form strategy; resolves to the member or to the failure to show. */
export async function authenticateForm(
  request: Request,
  ip: string,
): Promise<{ ok: true; user: PublicUser } | AccountFailure> {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  const withIp = new Request(request.url, {
    method: request.method,
    headers,
    body: await request.clone().arrayBuffer(),
  });
  try {
    return { ok: true, user: await authenticator.authenticate("form", withIp) };
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
