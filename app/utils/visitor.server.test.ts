import { describe, expect, it } from "vitest";
import { getVisitor, readVisitorId } from "./visitor.server";

/**
 * The visitor's id from a signed cookie, with the verdict on each Cookie header remembered (decision 273): a header
 * once checked is answered without a second signature check, and nothing that was not checked is trusted.
 */
async function newVisitorCookieHeader(): Promise<{ id: string; header: string }> {
  const visitor = await getVisitor(new Request("http://localhost/"));
  return { id: visitor.sessionId, header: visitor.setCookie!.split(";")[0]! };
}

describe("the visitor's id from a signed cookie (decision 273)", () => {
  it("reads the id from a cookie the site signed, the same again and again", async () => {
    const { id, header } = await newVisitorCookieHeader();
    for (let view = 0; view < 3; view += 1)
      expect(await readVisitorId({ cookie: header, sessionHeader: null })).toBe(id);
    expect(await readVisitorId({ cookie: `theme=dark; ${header}`, sessionHeader: null })).toBe(id);
  });

  it("never trusts a header it has not checked: a changed id or signature reads as no visitor, every time", async () => {
    const { id, header } = await newVisitorCookieHeader();
    expect(await readVisitorId({ cookie: header, sessionHeader: null })).toBe(id);
    const [name, value] = header.split("=") as [string, string];
    // the signed value is base64 of the JSON string and its signature: change one character of each part
    const flipped = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    for (const forged of [flipped(value, 2), flipped(value, value.length - 3), `${value}x`]) {
      expect(await readVisitorId({ cookie: `${name}=${forged}`, sessionHeader: null })).toBeNull();
      expect(await readVisitorId({ cookie: `${name}=${forged}`, sessionHeader: null })).toBeNull();
    }
    expect(await readVisitorId({ cookie: header, sessionHeader: null })).toBe(id);
  });

  it("keeps no verdict on a header too long to be a visitor's, and still reads it right", async () => {
    const { id, header } = await newVisitorCookieHeader();
    const long = `padding=${"p".repeat(2000)}; ${header}`;
    expect(await readVisitorId({ cookie: long, sessionHeader: null })).toBe(id);
    expect(await readVisitorId({ cookie: long, sessionHeader: null })).toBe(id);
  });

  it("prefers a valid x-session-id header, ignores one that is not a UUID, and has no visitor without either", async () => {
    const { id, header } = await newVisitorCookieHeader();
    const other = "0b6f1a2e-1234-4abc-8def-0123456789ab";
    expect(await readVisitorId({ cookie: header, sessionHeader: other })).toBe(other);
    expect(await readVisitorId({ cookie: header, sessionHeader: "not-a-uuid" })).toBe(id);
    expect(await readVisitorId({ cookie: null, sessionHeader: null })).toBeNull();
    expect(await readVisitorId({ cookie: "", sessionHeader: undefined })).toBeNull();
  });
});
