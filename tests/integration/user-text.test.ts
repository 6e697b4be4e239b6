import { describe, expect, it } from "vitest";
import { usernameSchema, emailSchema } from "~/accounts/schemas";
import { postSchema, topicSchema } from "~/forum/schemas";
import { keywordsSchema } from "~/preferences/schema";
import { graphemeLength, userText, visibleLength } from "~/utils/user-text";

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe("the user-text rule", () => {
  it("refuses NUL and other C0 controls with a message naming the field, keeps tab and line breaks", () => {
    expect(first(topicSchema.safeParse({ title: "Hello\u0000world" }))).toBe(
      "Title contains a control character (such as NUL), which is not allowed.",
    );
    expect(first(postSchema.safeParse({ content: "bell\u0007" }))).toBe(
      "Post content contains a control character (such as NUL), which is not allowed.",
    );
    expect(first(topicSchema.safeParse({ title: "Fine", description: "a\u001bb" }))).toBe(
      "Description contains a control character (such as NUL), which is not allowed.",
    );
    expect(postSchema.parse({ content: "line one\r\nline\ttwo" }).content).toBe("line one\r\nline\ttwo");
  });

  it("refuses lone surrogates", () => {
    expect(first(postSchema.safeParse({ content: "x\ud800y" }))).toBe(
      "Post content contains an invalid character (a lone surrogate), which cannot be stored.",
    );
    expect(first(usernameSchema.safeParse("abcdef\udc00"))).toMatch(/^Username contains an invalid character/);
    expect(postSchema.parse({ content: "emoji 😀" }).content).toBe("emoji 😀");
  });

  it("treats invisible-only text as empty (the field's own required/length message)", () => {
    expect(first(topicSchema.safeParse({ title: "\u200b\u200b\u200b\u200b" }))).toBe(
      "Title must be at least 3 characters",
    );
    expect(first(postSchema.safeParse({ content: "\u200b\u200e\ufe0f\u2060 " }))).toBe("Post content cannot be empty.");
    expect(first(topicSchema.safeParse({ title: "ab\u200b\u200b" }))).toBe("Title must be at least 3 characters");
    expect(topicSchema.parse({ title: "Fine", description: "\u200b" }).description).toBeNull();
  });

  it("refuses more than four combining marks on one character", () => {
    expect(first(topicSchema.safeParse({ title: `Z${"\u0301".repeat(1000)}algo` }))).toBe(
      "Title has more than 4 combining marks on one character.",
    );
    // Vietnamese and keycap emoji stay fine.
    expect(topicSchema.parse({ title: "Tiếng Việt 1\ufe0f\u20e3" }).title).toBe("Tiếng Việt 1\ufe0f\u20e3");
  });

  it("removes bidi controls from one-line fields and embeddings/overrides from bodies", () => {
    expect(topicSchema.parse({ title: "file \u202Egnp.exe" }).title).toBe("file gnp.exe");
    expect(usernameSchema.parse("\u202Eabcdef\u2066")).toBe("abcdef");
    expect(postSchema.parse({ content: "file \u202Egnp.exe \u2067שלום\u2069" }).content).toBe(
      "file gnp.exe \u2067שלום\u2069",
    );
    expect(keywordsSchema.parse("\u202Elove")).toBe("love");
  });

  it("counts what the visitor sees: grapheme clusters", () => {
    expect(graphemeLength("👨‍👩‍👧‍👦")).toBe(1);
    expect(visibleLength("e\u0301\u200b")).toBe(1);
    // 100 emoji are 100 characters to a visitor (200 UTF-16 units): accepted as a title of at most 100.
    expect(topicSchema.safeParse({ title: "😀".repeat(100) }).success).toBe(true);
    expect(first(topicSchema.safeParse({ title: "😀".repeat(101) }))).toBe("Title must be 100 characters or less");
    expect(keywordsSchema.parse("🌙".repeat(40))).toBe("🌙".repeat(30));
  });

  it("applies to e-mail addresses and keywords", () => {
    expect(first(emailSchema.safeParse("a\u0000@example.org"))).toBe(
      "Email contains a control character (such as NUL), which is not allowed.",
    );
    expect(first(keywordsSchema.safeParse("love\u0000"))).toBe(
      "Keywords contains a control character (such as NUL), which is not allowed.",
    );
    expect(emailSchema.parse(" a@example.org\u200e ")).toBe("a@example.org");
  });

  it("answers the field's missing message when the field is absent", () => {
    expect(first(userText({ label: "Title", missing: "Title is required" }).safeParse(undefined))).toBe(
      "Title is required",
    );
  });
});
