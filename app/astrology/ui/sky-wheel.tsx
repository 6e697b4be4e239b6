import { formatDegree } from "~/astrology/zodiac-names";
import { SIGNS } from "~/astrology/zodiac-signs";
import { Tooltip } from "~/components/tooltip";

/**
 * The sky wheel: the zodiac as a ring (0° Aries on the left, longitudes increasing counter-clockwise, as charts
 * are drawn) with each body's glyph at its ecliptic longitude. The SVG is a labelled group whose full text
 * alternative is the positions table it points to (`describedBy`); each body's glyph is a focusable image named by
 * its position, and the same words are its tooltip on hover and keyboard focus.
 */
export type WheelBody = { name: string; symbol: string; longitude: number; isRetrograde: boolean };

const SIZE = 400;
const C = SIZE / 2;
const OUTER = 192;
const SIGN_RING = 150;
const GLYPH_RADII = [124, 104, 84, 64];

function point(longitude: number, radius: number): [number, number] {
  const a = (longitude * Math.PI) / 180;
  return [C - radius * Math.cos(a), C + radius * Math.sin(a)];
}

const fmt = (n: number) => n.toFixed(2);

/** "Mars 12°04′ Leo, retrograde": what a glyph shows, in words. */
export function glyphLabel(body: WheelBody): string {
  const longitude = ((body.longitude % 360) + 360) % 360;
  const sign = SIGNS[Math.floor(longitude / 30)]!.name;
  return `${body.name} ${formatDegree(longitude % 30)} ${sign}${body.isRetrograde ? ", retrograde" : ""}`;
}

/** Bodies within 9° of the previous one move inward so their glyphs never overlap. */
function placeGlyphs(bodies: WheelBody[]): Array<WheelBody & { radius: number }> {
  const sorted = [...bodies].sort((a, b) => a.longitude - b.longitude);
  const placed: Array<WheelBody & { radius: number }> = [];
  for (const body of sorted) {
    const crowded = placed.filter((p) => Math.abs(((body.longitude - p.longitude + 540) % 360) - 180) < 9);
    const used = new Set(crowded.map((p) => p.radius));
    const radius = GLYPH_RADII.find((r) => !used.has(r)) ?? GLYPH_RADII[GLYPH_RADII.length - 1]!;
    placed.push({ ...body, radius });
  }
  return placed;
}

export function SkyWheel({ bodies, describedBy, at }: { bodies: WheelBody[]; describedBy: string; at: string }) {
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="group"
      aria-label={`Sky wheel for ${at}: the twelve signs with the ten bodies at their longitudes`}
      aria-describedby={describedBy}
      className="mx-auto h-auto w-full max-w-md"
    >
      <circle cx={C} cy={C} r={OUTER} fill="#f7f5ff" stroke="#3b2a80" strokeWidth="2" />
      <circle cx={C} cy={C} r={SIGN_RING} fill="#ffffff" stroke="#3b2a80" strokeWidth="1.5" />
      {SIGNS.map((sign, i) => {
        const [x1, y1] = point(i * 30, SIGN_RING);
        const [x2, y2] = point(i * 30, OUTER);
        const [gx, gy] = point(i * 30 + 15, (OUTER + SIGN_RING) / 2);
        return (
          <g key={sign.name}>
            <line x1={fmt(x1)} y1={fmt(y1)} x2={fmt(x2)} y2={fmt(y2)} stroke="#3b2a80" strokeWidth="1" />
            <text
              x={fmt(gx)}
              y={fmt(gy)}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize="20"
              fill="#1c1830"
              aria-hidden="true"
            >
              {sign.symbol}
            </text>
          </g>
        );
      })}
      {placeGlyphs(bodies).map((body) => {
        const [tx1, ty1] = point(body.longitude, SIGN_RING);
        const [tx2, ty2] = point(body.longitude, SIGN_RING - 10);
        const [lx, ly] = point(body.longitude, body.radius + 10);
        const [gx, gy] = point(body.longitude, body.radius);
        return (
          <Tooltip key={body.name} content={glyphLabel(body)}>
            <g
              data-body={body.name}
              role="img"
              tabIndex={0}
              aria-label={glyphLabel(body)}
              className="cursor-default outline-none focus-visible:[&>circle]:stroke-cosmic"
            >
              <circle cx={fmt(gx)} cy={fmt(gy)} r="12" fill="transparent" stroke="transparent" strokeWidth="2" />
              <line x1={fmt(tx1)} y1={fmt(ty1)} x2={fmt(tx2)} y2={fmt(ty2)} stroke="#1c1830" strokeWidth="2" />
              <line x1={fmt(tx2)} y1={fmt(ty2)} x2={fmt(lx)} y2={fmt(ly)} stroke="#b8b0d8" strokeWidth="1" />
              <text
                x={fmt(gx)}
                y={fmt(gy)}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize="18"
                fill={body.isRetrograde ? "#9a1b1b" : "#3b2a80"}
                aria-hidden="true"
              >
                {body.symbol}
              </text>
            </g>
          </Tooltip>
        );
      })}
    </svg>
  );
}
