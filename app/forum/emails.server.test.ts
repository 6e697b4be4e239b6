import { describe, expect, it } from "vitest";
import { csvCell, emailsToCsv } from "./emails.server";

describe("CSV export cells", () => {
  it("neutralises formula cells and quotes special characters", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1@x.test")).toBe("'+1@x.test");
    expect(csvCell("-a@x.test")).toBe("'-a@x.test");
    expect(csvCell("@a@x.test")).toBe("'@a@x.test");
    expect(csvCell("a,b@x.test")).toBe('"a,b@x.test"');
    expect(csvCell("plain@x.test")).toBe("plain@x.test");
    expect(emailsToCsv(["a@x.test"])).toBe("email\r\na@x.test\r\n");
  });
});
