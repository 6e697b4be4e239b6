import { describe, expect, it } from "vitest";
import { angelFailureError, angelNumberFromQuery, sanitizeAngelInput, validateAngelNumber } from "./angel";
import { birthDateNumbers, formatBirthDateInput, validateBirthDate } from "./birth-date";
import { digitsOf, lifePathNumber, reduceWithCalculation } from "./reduce";

describe("reductions", () => {
  it("writes the calculation the way the angel card shows it", () => {
    expect(reduceWithCalculation(digitsOf("1234"))).toEqual({ digit: 1, calculation: "1+2+3+4 = 10 → 1+0 = 1" });
    expect(reduceWithCalculation(digitsOf("999"))).toEqual({ digit: 9, calculation: "9+9+9 = 27 → 2+7 = 9" });
    expect(reduceWithCalculation(digitsOf("1111"))).toEqual({ digit: 4, calculation: "1+1+1+1 = 4" });
    expect(reduceWithCalculation(digitsOf("7"))).toEqual({ digit: 7, calculation: "7 = 7" });
    expect(reduceWithCalculation(digitsOf("0"))).toEqual({ digit: 0, calculation: "0 = 0" });
    expect(reduceWithCalculation(digitsOf("9999")).calculation).toBe("9+9+9+9 = 36 → 3+6 = 9");
  });

  it("reduces a life path to 1-9", () => {
    expect(lifePathNumber(digitsOf("03/15/1990"))).toBe(1); // 0+3+1+5+1+9+9+0 = 28 → 10 → 1
    expect(lifePathNumber(digitsOf("12/31/1999"))).toBe(8); // 35 → 8
    expect(lifePathNumber(digitsOf("01/01/2000"))).toBe(4);
    expect(lifePathNumber(digitsOf("09/09/1989"))).toBe(9); // 45 → 9
  });
});

describe("angel number rules", () => {
  it("words a failed decode as the spec's pair, with the reason and what the visitor can do", () => {
    const alert = angelFailureError({ code: "GRAPHIC_ALERT", title: "Content Alert", message: "Revise." });
    expect(alert).toEqual({
      title: "Connection Error",
      message: "Unable to decode angel number. Please try again.",
      toast: "Unable to decode angel number: inappropriate keywords. Please try again.",
      detail: "Content Alert: Revise.",
    });
    const timeout = angelFailureError({ code: "TIMEOUT", title: "x", message: "y" });
    expect(timeout.toast).toContain("the reading took too long");
    expect(timeout).not.toHaveProperty("detail");
    expect(angelFailureError({ code: "PROVIDER_ERROR", title: "x", message: "y" }).toast).toContain(
      "the reading service did not answer",
    );
  });

  it("strips non-digits and keeps at most 4", () => {
    expect(sanitizeAngelInput("1a2-3 4 5")).toBe("1234");
    expect(sanitizeAngelInput("abc")).toBe("");
  });
  it("gives the spec's messages", () => {
    expect(validateAngelNumber("")).toMatchObject({ ok: false, title: "Please enter an angel number" });
    expect(validateAngelNumber("12345")).toMatchObject({
      ok: false,
      message: "Please enter a number between 1-4 digits (1-9999).",
    });
    expect(validateAngelNumber("12a")).toMatchObject({ ok: false, reason: "invalid" });
    expect(validateAngelNumber("444")).toEqual({ ok: true, number: "444" });
    expect(validateAngelNumber(777)).toEqual({ ok: true, number: "777" });
  });
  it("accepts ?number= only when it is 1-4 digits", () => {
    expect(angelNumberFromQuery("1111")).toBe("1111");
    expect(angelNumberFromQuery("11111")).toBe("");
    expect(angelNumberFromQuery("12x")).toBe("");
    expect(angelNumberFromQuery(null)).toBe("");
  });
});

describe("birth date rules", () => {
  const ok = (v: string) => {
    const r = validateBirthDate(v);
    return r.ok ? r.birthDate : r.reason;
  };
  it("normalises to MM/DD/YYYY", () => {
    expect(ok("3/5/1990")).toBe("03/05/1990");
    expect(ok("12/31/2100")).toBe("12/31/2100");
    expect(ok("01/01/1900")).toBe("01/01/1900");
  });
  it("pivots two-digit years at 25/26", () => {
    expect(ok("01/01/00")).toBe("01/01/2000");
    expect(ok("01/01/25")).toBe("01/01/2025");
    expect(ok("01/01/26")).toBe("01/01/1926");
    expect(ok("01/01/99")).toBe("01/01/1999");
  });
  it("refuses what the spec refuses", () => {
    expect(ok("")).toBe("required");
    expect(ok("   ")).toBe("required");
    expect(ok("13/01/2000")).toBe("invalid");
    expect(ok("00/10/2000")).toBe("invalid");
    expect(ok("01/32/2000")).toBe("invalid");
    expect(ok("01/00/2000")).toBe("invalid");
    expect(ok("01/01/1899")).toBe("invalid");
    expect(ok("01/01/2101")).toBe("invalid");
    expect(ok("01/01/199")).toBe("invalid");
    expect(ok("01/01/19900")).toBe("invalid");
    expect(ok("01/01")).toBe("invalid");
    expect(ok("01/01/2000/1")).toBe("invalid");
    expect(ok("aa/bb/cccc")).toBe("invalid");
  });
  it("knows which days exist: 02/29 only in leap years, 02/30 never", () => {
    expect(ok("02/29/2020")).toBe("02/29/2020");
    expect(ok("02/29/2000")).toBe("02/29/2000");
    expect(ok("02/29/2019")).toBe("invalid");
    expect(ok("02/29/1900")).toBe("invalid");
    expect(ok("02/29/2100")).toBe("invalid");
    expect(ok("02/29/24")).toBe("02/29/2024");
    expect(ok("02/30/2020")).toBe("invalid");
    expect(ok("04/31/2020")).toBe("invalid");
    expect(ok("04/30/2020")).toBe("04/30/2020");
  });
  it("formats the input: digits and slashes, slashes inserted when typing forward, 10 max", () => {
    expect(formatBirthDateInput("12", "1")).toBe("12/");
    expect(formatBirthDateInput("12/3", "12/")).toBe("12/3");
    expect(formatBirthDateInput("12/31", "12/3")).toBe("12/31/");
    expect(formatBirthDateInput("12/31/1990", "12/31/199")).toBe("12/31/1990");
    expect(formatBirthDateInput("12/31/19901", "12/31/1990")).toBe("12/31/1990");
    expect(formatBirthDateInput("12311990", "")).toBe("12/31/1990");
    expect(formatBirthDateInput("1a2//3", "")).toBe("12/3");
    expect(formatBirthDateInput("12", "12/")).toBe("12"); // deleting does not re-add the slash
  });
  it("extracts the digits and the life path", () => {
    expect(birthDateNumbers("03/15/1990")).toEqual({ extractedNumbers: [0, 3, 1, 5, 1, 9, 9, 0], lifePathNumber: 1 });
  });
});
