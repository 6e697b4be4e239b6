import { describe, expect, it } from "vitest";
import {
  changeEmailSchema,
  containsReservedTerm,
  loginSchema,
  passwordSchema,
  registerSchema,
  RESERVED_USERNAME_TERMS,
  usernameSchema,
} from "./schemas";

const first = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("username rule", () => {
  it("accepts 6 to 20 letters, digits, _ and - with a letter", () => {
    for (const name of ["abcdef", "a_b-c1", "A".repeat(20), "123abc"])
      expect(first(usernameSchema.safeParse(name))).toBeNull();
  });
  it("gives the spec's messages", () => {
    expect(first(usernameSchema.safeParse("abcde"))).toBe("Username must be at least 6 characters");
    expect(first(usernameSchema.safeParse("a".repeat(21)))).toBe("Username must be no more than 20 characters");
    expect(first(usernameSchema.safeParse("abc.def"))).toBe(
      "Username can only contain letters, numbers, underscores, and hyphens",
    );
    expect(first(usernameSchema.safeParse("123_456"))).toBe("Username must contain at least one letter");
  });
  it("refuses every reserved term as a case-insensitive substring", () => {
    for (const term of RESERVED_USERNAME_TERMS) {
      const name = `x${term.toUpperCase()}1`.slice(0, 20);
      expect(containsReservedTerm(name)).toBe(true);
      expect(first(usernameSchema.safeParse(name.length >= 6 ? name : `${name}xxxx`))).toBe(
        "Username contains inappropriate or reserved terms",
      );
    }
    expect(containsReservedTerm("Groot_fan")).toBe(true); // substring rule, as specified
    expect(containsReservedTerm("seeker7")).toBe(false);
  });
});

describe("password rule", () => {
  const message = "Password must be 8-16 characters with letters, numbers, and optional symbols";
  it("accepts the allowed set", () => {
    expect(first(passwordSchema.safeParse("abc12345"))).toBeNull();
    expect(first(passwordSchema.safeParse("a1!@#$%^&*()_+-="))).toBeNull();
    expect(first(passwordSchema.safeParse("a1[]{}|;:,.<>?"))).toBeNull();
  });
  it("refuses length, characters outside the set, and missing letters or digits", () => {
    for (const bad of ["abc1234", "abcdefgh12345678x", "abc 12345", "abc1234é", "abcdefgh", "12345678", 'abcd1234"']) {
      expect(first(passwordSchema.safeParse(bad))).toBe(message);
    }
  });
  it("registration refuses a password equal to the username", () => {
    const result = registerSchema.safeParse({ username: "Seeker123", email: "a@b.co", password: "seeker123" });
    expect(first(result)).toBe("Password cannot be the same as your username");
  });
});

describe("login and change-email", () => {
  it("login holds a username to the username rule and an address to the e-mail rule", () => {
    expect(first(loginSchema.safeParse({ username: "adm", password: "abcdefgh" }))).toBe(
      "Username must be at least 6 characters",
    );
    expect(first(loginSchema.safeParse({ username: "me@", password: "abcdefgh" }))).toBe(
      "Please enter a valid email address",
    );
    expect(first(loginSchema.safeParse({ username: "me@example.org", password: "abcdefgh" }))).toBeNull();
  });
  it("change-email uses the profile's messages", () => {
    expect(first(changeEmailSchema.safeParse({ newEmail: "nope", currentPassword: "x" }))).toBe(
      "Please enter a valid email address.",
    );
    expect(first(changeEmailSchema.safeParse({ newEmail: "a@b.co", currentPassword: "  " }))).toBe(
      "Please enter your current password to change your email.",
    );
  });
});
