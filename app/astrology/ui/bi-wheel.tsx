import { synastrySummary } from "~/astrology/synastry-words";
import type { Synastry } from "~/astrology/synastry.server";
import { SIGNS } from "~/astrology/zodiac-signs";
import { ASPECT_COLOURS, placeGlyphs } from "./chart-wheel";

/**
 * Two charts on one wheel, drawn on the server (plain SVG, no script): the signs on the outer ring, the second
 * person's planets in the outer band, the first person's in the inner band with their houses when the birth time is
 * known, and the contacts between them as lines (solid applying, dashed separating). With the first person's birth
 * time the Ascendant sits at the left; without, 0° Aries does. One image with a `<title>` and a `<desc>`; the
 * contacts in words beside it carry every detail.
 */
const SIZE = 480;
const C = SIZE / 2;
const OUTER = 230;
const SIGN_RING = 195;
const DIVIDER = 150;
const INNER = 82;
const OUTER_RADII = [180, 164] as const;
const INNER_RADII = [134, 118, 102] as const;

const fmt = (n: number) => n.toFixed(2);

export function BiWheel({ synastry, titleId, title }: { synastry: Synastry; titleId: string; title: string }) {
  const { a, b } = synastry;
  const rotation = a.chart.angles?.ascendant.longitude ?? 0;
  const point = (longitude: number, radius: number): [number, number] => {
    const r = ((longitude - rotation) * Math.PI) / 180;
    return [C - radius * Math.cos(r), C + radius * Math.sin(r)];
  };
  const glyphs = (side: typeof a, radii: readonly number[]) =>
    placeGlyphs(
      side.chart.points.map((p) => ({ name: p.name, symbol: p.symbol, longitude: p.longitude })),
      radii,
    );
  const longitudes = (side: typeof a) => {
    const m = new Map(side.chart.points.map((p) => [p.name as string, p.longitude]));
    if (side.chart.angles) {
      m.set("Ascendant", side.chart.angles.ascendant.longitude);
      m.set("Midheaven", side.chart.angles.midheaven.longitude);
    }
    return m;
  };
  const la = longitudes(a);
  const lb = longitudes(b);
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-labelledby={`${titleId} ${titleId}-desc`}
      className="mx-auto h-auto w-full max-w-lg"
    >
      <title id={titleId}>{title}</title>
      <desc id={`${titleId}-desc`}>{synastrySummary(synastry)}</desc>
      <circle cx={C} cy={C} r={OUTER} fill="#f7f5ff" stroke="#3b2a80" strokeWidth="2" />
      <circle cx={C} cy={C} r={SIGN_RING} fill="#fffdf7" stroke="#3b2a80" strokeWidth="1.5" />
      <circle cx={C} cy={C} r={DIVIDER} fill="#ffffff" stroke="#3b2a80" strokeWidth="1.5" />
      <circle cx={C} cy={C} r={INNER} fill="#fbfaff" stroke="#8b7fc7" strokeWidth="1" />
      {SIGNS.map((sign, i) => {
        const [x1, y1] = point(i * 30, SIGN_RING);
        const [x2, y2] = point(i * 30, OUTER);
        const [gx, gy] = point(i * 30 + 15, (OUTER + SIGN_RING) / 2);
        return (
          <g key={sign.name}>
            <line x1={fmt(x1)} y1={fmt(y1)} x2={fmt(x2)} y2={fmt(y2)} stroke="#3b2a80" strokeWidth="1" />
            <text x={fmt(gx)} y={fmt(gy)} textAnchor="middle" dominantBaseline="central" fontSize="18" fill="#1c1830">
              {sign.symbol}
            </text>
          </g>
        );
      })}
      {a.chart.houses?.cusps.map((cusp) => {
        const angular = cusp.house === 1 || cusp.house === 4 || cusp.house === 7 || cusp.house === 10;
        const [x1, y1] = point(cusp.longitude, INNER);
        const [x2, y2] = point(cusp.longitude, DIVIDER);
        return (
          <line
            key={cusp.house}
            x1={fmt(x1)}
            y1={fmt(y1)}
            x2={fmt(x2)}
            y2={fmt(y2)}
            stroke={angular ? "#1c1830" : "#8b7fc7"}
            strokeWidth={angular ? 2 : 1}
          />
        );
      })}
      {synastry.aspects.map((x) => {
        const from = la.get(x.from);
        const to = lb.get(x.to);
        if (from === undefined || to === undefined || x.type === "conjunction") return null;
        const [x1, y1] = point(from, INNER);
        const [x2, y2] = point(to, INNER);
        return (
          <line
            key={`${x.from}-${x.to}-${x.type}`}
            x1={fmt(x1)}
            y1={fmt(y1)}
            x2={fmt(x2)}
            y2={fmt(y2)}
            stroke={ASPECT_COLOURS[x.type]}
            strokeWidth="1"
            strokeDasharray={x.applying ? undefined : "4 3"}
          />
        );
      })}
      {(
        [
          [a, INNER_RADII, DIVIDER, "#1c1830"],
          [b, OUTER_RADII, SIGN_RING, "#7a1f3d"],
        ] as const
      ).flatMap(([side, radii, ring, colour]) =>
        glyphs(side, radii).map((body) => {
          const [tx1, ty1] = point(body.longitude, ring);
          const [tx2, ty2] = point(body.longitude, ring - 7);
          const [gx, gy] = point(body.longitude, body.radius);
          return (
            <g key={`${side.side}-${body.name}`}>
              <line x1={fmt(tx1)} y1={fmt(ty1)} x2={fmt(tx2)} y2={fmt(ty2)} stroke={colour} strokeWidth="1.5" />
              <text x={fmt(gx)} y={fmt(gy)} textAnchor="middle" dominantBaseline="central" fontSize="15" fill={colour}>
                {body.symbol}
              </text>
            </g>
          );
        }),
      )}
    </svg>
  );
}
