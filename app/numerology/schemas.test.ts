import { describe, expect, it } from "vitest";
import {
  ANGEL_CONSTRAINT,
  BIRTH_DATE_CONSTRAINT,
  GENERATOR_CONSTRAINT,
  parseAngelForm,
  parseBirthDateForm,
  parseGeneratorForm,
} from "./forms.server";
import { angelFormRequest } from "./schemas";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the numerology forms", () => {
  it("derive their constraints on the server", () => {
    expect(GENERATOR_CONSTRAINT.style?.pattern).toBe("poetic|scientific|spiritual|practical");
    expect(ANGEL_CONSTRAINT.composition?.pattern).toBe("brief|detailed|metaphorical|simple");
    expect(BIRTH_DATE_CONSTRAINT.birthDate?.required).toBe(true);
  });

  it("generator: a number to generate, or intent=preferences to save them", () => {
    expect(parseGeneratorForm(form({ number: "3", keywords: "light" }))).toMatchObject({
      status: "success",
      value: { number: 3, style: "poetic", composition: "detailed", keywords: "light" },
    });
    expect(parseGeneratorForm(form({ intent: "preferences", style: "practical" }))).toMatchObject({
      status: "success",
      value: { intent: "preferences", style: "practical" },
    });
    expect(parseGeneratorForm(form({ style: "poetic" })).reply().error).toEqual({
      number: ["Choose a number from 0 to 9."],
    });
    expect(parseGeneratorForm(form({ number: "10" })).reply().error).toEqual({
      number: ["Choose a number from 0 to 9."],
    });
    expect(parseGeneratorForm(form({ number: "1", style: "loud" })).reply().error?.style).toHaveLength(1);
  });

  it("generator: one number repeated (lynx sends every button equal to the pressed one) is that number", () => {
    const repeated = new FormData();
    for (const n of ["7", "7", "7"]) repeated.append("number", n);
    repeated.set("style", "poetic");
    expect(parseGeneratorForm(repeated)).toMatchObject({ status: "success", value: { number: 7, style: "poetic" } });
    const different = new FormData();
    for (const n of ["7", "3"]) different.append("number", n);
    expect(parseGeneratorForm(different).status).toBe("error");
  });

  it("angel: the spec's messages on the number; 'fresh' names the reading shown whatever the input holds", () => {
    expect(parseAngelForm(form({})).reply().error).toEqual({
      number: ["Enter a 1-4 digit number to get your personalized message."],
    });
    expect(parseAngelForm(form({ number: "12a4" })).reply().error).toEqual({
      number: ["Please enter a number between 1-4 digits (1-9999)."],
    });
    const fresh = parseAngelForm(form({ number: "zz", fresh: "777", style: "spiritual" }));
    expect(fresh.status).toBe("success");
    if (fresh.status === "success") {
      expect(angelFormRequest(fresh.value)).toEqual({
        number: "777",
        preferences: { style: "spiritual", composition: "detailed", keywords: "" },
      });
    }
  });

  it("birth date: normalised, with the spec's messages", () => {
    expect(parseBirthDateForm(form({ birthDate: "2/29/24" }))).toMatchObject({
      status: "success",
      value: { birthDate: "02/29/2024" },
    });
    expect(parseBirthDateForm(form({ birthDate: "" })).reply().error).toEqual({
      birthDate: ["Please enter your birth date"],
    });
    expect(parseBirthDateForm(form({ birthDate: "02/30/2020" })).reply().error).toEqual({
      birthDate: ["Please enter a valid date (e.g., 01/01/2011)"],
    });
  });
});
