import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../scripts/app-server";
import { useOwnDatabase } from "./helpers/accounts";
import { lynx, w3m, type TextBrowser } from "./helpers/text-browsers";

/**
 * The compatibility form (issue 45) in Debian's lynx and w3m, against the production build: both births typed
 * (the date and time as their hints say), the places chosen on the second page, and the synastry shown in words.
 */
let server: Awaited<ReturnType<typeof startAppServer>>;
let work: string;

beforeAll(async () => {
  await useOwnDatabase("test_text_browsers_compatibility");
  work = await mkdtemp(path.join(tmpdir(), "text-browsers-compatibility-"));
  server = await startAppServer({ PUBLIC_URL: undefined }, { stderr: "inherit" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

const CLIENTS: Array<[string, (dir: string) => Promise<TextBrowser>]> = [
  ["lynx", async (dir) => lynx(server.base, dir)],
  ["w3m", (dir) => w3m(server.base, dir)],
];

describe.each(CLIENTS)("in %s", { timeout: 90_000 }, (name, open) => {
  let browser: TextBrowser;
  beforeAll(async () => {
    browser = await open(path.join(work, name));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("compares two births typed into the one form", async () => {
    const places = await browser.visit("/compatibility", [
      { fill: "Person A: name (optional)", value: "Anna Maria Schmidt" },
      { fill: "Person A: birth date", value: "1879-03-14" },
      { fill: "Person A: birth time (optional)", value: "11:30" },
      { fill: "Person A: birthplace (town or city)", value: "Ulm" },
      { fill: "Person B: name (optional)", value: "Jorge Luis" },
      { fill: "Person B: birth date", value: "1975-02-10" },
      { fill: "Person B: birth time (optional)", value: "09:15" },
      { fill: "Person B: birthplace (town or city)", value: "Buenos Aires" },
      { press: "Compare the two" },
    ]);
    const placesText = places.text.replace(/\s+/g, " ");
    expect(placesText).toContain("Choose Person A's birthplace");
    expect(placesText).toContain("Ulm, Germany (region 01)");
    expect(placesText).toContain("Choose Person B's birthplace");
    // the answer's address starts with the typed fields (lynx's information page cuts a long address at its line end)
    expect(places.url).toMatch(/\/compatibility\?a_name=Anna\+Maria\+Schmidt/);
    const typed = new URLSearchParams({
      a_name: "Anna Maria Schmidt",
      a_date: "1879-03-14",
      a_time: "11:30",
      a_q: "Ulm",
      b_name: "Jorge Luis",
      b_date: "1975-02-10",
      b_time: "09:15",
      b_q: "Buenos Aires",
    });
    const url = new URL(`/compatibility?${typed.toString()}`, server.base);

    const shown = await browser.visit(`${url.pathname}${url.search}`, [{ press: "Compare the two" }]);
    const text = shown.text.replace(/\s+/g, " ");
    expect(shown.url).toMatch(/\/compatibility\?a_name=/);
    expect(text).toContain("Synastry: Anna and Jorge");
    expect(text).toContain("Anna's Midheaven trine Jorge's Saturn, orb 1 minute, applying");
    expect(text).toContain("Anna's Sun in Jorge's twelfth house");
    expect(text).toContain("The composite chart of Anna and Jorge");
    expect(text).toContain("The numbers of Anna and Jorge");
    // the words come before the tables, as a screen reader and a text browser read them
    expect(text.indexOf("The contacts in words")).toBeLessThan(text.indexOf("The contacts in tables"));
  });
});
