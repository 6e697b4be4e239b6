import { chartSummary } from "~/astrology/chart-words";
import type { NatalChart } from "~/astrology/natal-chart.server";
import { SIGNS } from "~/astrology/zodiac-signs";

/**
 * The birth chart drawn as a wheel, on the server (plain SVG, no script): the signs on the outer ring, the house
 * cusps, the planets at their longitudes and the aspects as lines. With a birth time the Ascendant sits at the left,
 * as charts are drawn; without one, 0° Aries does. One image with a `<title>` and a `<desc>`; the chart in words
 * beside it carries every detail.
 */
const SIZE = 440;
const C = SIZE / 2;
const OUTER = 210;
const SIGN_RING = 172;
const HOUSE_RING = 70;
const GLYPH_RADII = [150, 130, 110, 92];

export const ASPECT_COLOURS: Record<string, string> = {
  conjunction: "#6b21a8",
  sextile: "#1d4ed8",
  square: "#b91c1c",
  trine: "#15803d",
  opposition: "#b91c1c",
};

const fmt = (n: number) => n.toFixed(2);

export function ChartWheel({ chart, titleId, title }: { chart: NatalChart; titleId: string; title: string }) {
  const rotation = chart.angles?.ascendant.longitude ?? 0;
  const point = (longitude: number, radius: number): [number, number] => {
    const a = ((longitude - rotation) * Math.PI) / 180;
    return [C - radius * Math.cos(a), C + radius * Math.sin(a)];
  };
  const placed = placeGlyphs(chart.points.map((p) => ({ name: p.name, symbol: p.symbol, longitude: p.longitude })));
  const byName = new Map(chart.points.map((p) => [p.name as string, p.longitude]));
  if (chart.angles) {
    byName.set("Ascendant", chart.angles.ascendant.longitude);
    byName.set("Midheaven", chart.angles.midheaven.longitude);
  }
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-labelledby={`${titleId} ${titleId}-desc`}
      className="mx-auto h-auto w-full max-w-md"
    >
      <title id={titleId}>{title}</title>
      <desc id={`${titleId}-desc`}>{chartSummary(chart)}</desc>
      <circle cx={C} cy={C} r={OUTER} fill="#f7f5ff" stroke="#3b2a80" strokeWidth="2" />
      <circle cx={C} cy={C} r={SIGN_RING} fill="#ffffff" stroke="#3b2a80" strokeWidth="1.5" />
      <circle cx={C} cy={C} r={HOUSE_RING} fill="#fbfaff" stroke="#8b7fc7" strokeWidth="1" />
      {SIGNS.map((sign, i) => {
        const [x1, y1] = point(i * 30, SIGN_RING);
        const [x2, y2] = point(i * 30, OUTER);
        const [gx, gy] = point(i * 30 + 15, (OUTER + SIGN_RING) / 2);
        return (
          <g key={sign.name}>
            <line x1={fmt(x1)} y1={fmt(y1)} x2={fmt(x2)} y2={fmt(y2)} stroke="#3b2a80" strokeWidth="1" />
            <text x={fmt(gx)} y={fmt(gy)} textAnchor="middle" dominantBaseline="central" fontSize="20" fill="#1c1830">
              {sign.symbol}
            </text>
          </g>
        );
      })}
      {chart.houses?.cusps.map((cusp) => {
        const angular = cusp.house === 1 || cusp.house === 4 || cusp.house === 7 || cusp.house === 10;
        const [x1, y1] = point(cusp.longitude, HOUSE_RING);
        const [x2, y2] = point(cusp.longitude, SIGN_RING);
        const next = chart.houses!.cusps[cusp.house % 12]!.longitude;
        const span = (((next - cusp.longitude) % 360) + 360) % 360;
        const [nx, ny] = point(cusp.longitude + span / 2, HOUSE_RING - 12);
        return (
          <g key={cusp.house}>
            <line
              x1={fmt(x1)}
              y1={fmt(y1)}
              x2={fmt(x2)}
              y2={fmt(y2)}
              stroke={angular ? "#1c1830" : "#8b7fc7"}
              strokeWidth={angular ? 2 : 1}
            />
            <text x={fmt(nx)} y={fmt(ny)} textAnchor="middle" dominantBaseline="central" fontSize="10" fill="#3b2a80">
              {cusp.house}
            </text>
          </g>
        );
      })}
      {chart.aspects.map((a) => {
        const from = byName.get(a.from);
        const to = byName.get(a.to);
        if (from === undefined || to === undefined || a.type === "conjunction") return null;
        const [x1, y1] = point(from, HOUSE_RING);
        const [x2, y2] = point(to, HOUSE_RING);
        return (
          <line
            key={`${a.from}-${a.to}-${a.type}`}
            x1={fmt(x1)}
            y1={fmt(y1)}
            x2={fmt(x2)}
            y2={fmt(y2)}
            stroke={ASPECT_COLOURS[a.type]}
            strokeWidth="1"
            strokeDasharray={a.applying ? undefined : "4 3"}
          />
        );
      })}
      {placed.map((body) => {
        const [tx1, ty1] = point(body.longitude, SIGN_RING);
        const [tx2, ty2] = point(body.longitude, SIGN_RING - 8);
        const [gx, gy] = point(body.longitude, body.radius);
        return (
          <g key={body.name}>
            <line x1={fmt(tx1)} y1={fmt(ty1)} x2={fmt(tx2)} y2={fmt(ty2)} stroke="#1c1830" strokeWidth="1.5" />
            <text x={fmt(gx)} y={fmt(gy)} textAnchor="middle" dominantBaseline="central" fontSize="17" fill="#1c1830">
              {body.symbol}
            </text>
          </g>
        );
      })}
      {chart.angles ? (
        <>
          <AngleMark label="Asc" at={point(chart.angles.ascendant.longitude, OUTER + 2)} />
          <AngleMark label="MC" at={point(chart.angles.midheaven.longitude, OUTER + 2)} />
        </>
      ) : null}
    </svg>
  );
}

function AngleMark({ label, at }: { label: string; at: [number, number] }) {
  return (
    <text
      x={fmt(Math.min(SIZE - 14, Math.max(14, at[0])))}
      y={fmt(Math.min(SIZE - 6, Math.max(8, at[1])))}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize="11"
      fontWeight="bold"
      fill="#1c1830"
    >
      {label}
    </text>
  );
}

type Glyph = { name: string; symbol: string; longitude: number };

/** Points within 8° of one already placed move inward so their glyphs never overlap. */
export function placeGlyphs(
  points: Glyph[],
  radii: readonly number[] = GLYPH_RADII,
): Array<Glyph & { radius: number }> {
  const sorted = [...points].sort((a, b) => a.longitude - b.longitude);
  const placed: Array<Glyph & { radius: number }> = [];
  for (const p of sorted) {
    const crowded = placed.filter((q) => Math.abs(((p.longitude - q.longitude + 540) % 360) - 180) < 8);
    const used = new Set(crowded.map((q) => q.radius));
    const radius = radii.find((r) => !used.has(r)) ?? radii[radii.length - 1]!;
    placed.push({ ...p, radius });
  }
  return placed;
}
