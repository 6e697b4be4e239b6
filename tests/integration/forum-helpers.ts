import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { createUserSession } from "~/accounts/session.server";
import { createUser } from "~/accounts/users.server";

/** Test helpers for the forum's integration tests: unique members, signed-in requests, route calls. */
export async function member(options: { email?: string | null; admin?: boolean } = {}) {
  const suffix = Math.random().toString(36).slice(2, 10);
  const user = await createUser({
    username: `fm_${suffix}`,
    email: options.email === undefined ? `fm_${suffix}@example.test` : options.email,
    password: "Passw0rd!x",
  });
  if (options.admin) await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
  return user;
}

export async function cookieFor(userId: number): Promise<string> {
  return (await createUserSession(userId)).split(";")[0]!;
}

export async function jsonRequest(
  path: string,
  {
    method = "GET",
    body,
    userId,
    headers = {},
  }: { method?: string; body?: unknown; userId?: number; headers?: Record<string, string> } = {},
) {
  const allHeaders: Record<string, string> = { ...headers };
  if (userId) allHeaders.Cookie = await cookieFor(userId);
  if (body !== undefined) allHeaders["Content-Type"] = "application/json";
  return new Request(`http://localhost${path}`, {
    method,
    headers: allHeaders,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function formRequest(path: string, fields: Record<string, string>, userId?: number) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (userId) headers.Cookie = await cookieFor(userId);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
}

/** Runs a loader or action; a thrown Response is returned like a returned one. */
export async function call<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** Status and body of a route result: a Response, a `data()` value, or a plain object (200). */
export async function statusOf(result: unknown): Promise<{ status: number; body: any }> {
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: result.status, body };
  }
  const value = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (value && value.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, body: value.data };
  return { status: 200, body: result };
}
