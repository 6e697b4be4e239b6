/**
 * The model in words (shared by the server and the viewer): what the converter measured, stored in the GLB's
 * root `extras.summary`, and the sentences a screen reader hears about it. Sizes are in the file's own units
 * when the format says what they are; otherwise the page says "units not given".
 */
export type ModelSummary = {
  /** plural English unit name ("millimetres"), or null when the file does not say */
  units: string | null;
  /** extent along x, y and z in those units; null when nothing drawable was found */
  size: [number, number, number] | null;
  parts: number;
  triangles: number;
  lines: number;
  points: number;
  /** the materials' base colours, each named by its nearest CSS colour keyword */
  colours: string[];
};

export const UNITS_NOT_GIVEN = "units not given";

/**
 * The number formats, made on first use: constructing an Intl formatter loads the locale's data (about 25 ms on this
 * machine's CPU, 100 ms at Lighthouse's 4x slowdown), which /3d-viewer would otherwise pay while its modules are
 * evaluated, before it hydrates, although it shows a summary only after an upload.
 */
let formats: { number: Intl.NumberFormat; count: Intl.NumberFormat } | undefined;
function numberFormats() {
  formats ??= {
    number: new Intl.NumberFormat("en-GB", { maximumSignificantDigits: 4 }),
    count: new Intl.NumberFormat("en-GB"),
  };
  return formats;
}

export function formatLength(value: number, units: string | null): string {
  const { number } = numberFormats();
  return units ? `${number.format(value)} ${units}` : number.format(value);
}

/** The description list's rows, in reading order. */
export function summaryRows(summary: ModelSummary): Array<{ term: string; details: string }> {
  const rows: Array<{ term: string; details: string }> = [{ term: "Units", details: summary.units ?? UNITS_NOT_GIVEN }];
  const [x, y, z] = summary.size ?? [0, 0, 0];
  const { count } = numberFormats();
  rows.push(
    { term: "Size along x", details: formatLength(x, summary.units) },
    { term: "Size along y", details: formatLength(y, summary.units) },
    { term: "Size along z", details: formatLength(z, summary.units) },
    { term: "Parts", details: count.format(summary.parts) },
    { term: "Triangles", details: count.format(summary.triangles) },
    { term: "Lines", details: count.format(summary.lines) },
  );
  if (summary.points > 0) rows.push({ term: "Points", details: count.format(summary.points) });
  rows.push({ term: "Material colours", details: summary.colours.length ? summary.colours.join(", ") : "none given" });
  return rows;
}

/** Reads a summary back from untrusted JSON (a GLB's extras); anything malformed gives null. */
export function parseSummary(value: unknown): ModelSummary | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const finite = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 0;
  const size = v.size;
  const sizeOk = size === null || (Array.isArray(size) && size.length === 3 && size.every(finite));
  if (!(typeof v.units === "string" || v.units === null) || !sizeOk) return null;
  if (![v.parts, v.triangles, v.lines, v.points].every(finite)) return null;
  if (!Array.isArray(v.colours) || !v.colours.every((c) => typeof c === "string")) return null;
  return {
    units: v.units as string | null,
    size: size as [number, number, number] | null,
    parts: v.parts as number,
    triangles: v.triangles as number,
    lines: v.lines as number,
    points: v.points as number,
    colours: (v.colours as string[]).slice(0, 50),
  };
}
