import { seededRandom } from "./composer";
import { principleOf, universalName, type Digit } from "./principles";

/**
 * The offline "visual essence" of a principle: an SVG drawn from the digit's colour and geometry (0 a circle,
 * 1 a single upward stroke, 2 two overlapping circles, 3 a triangle, 4 a square, 5-9 polygons and stars of that
 * many points) with a seed that varies rotation, rings and scattered points. Served by /visual-essence/$file.
 */
export const VISUAL_ESSENCE_SIZE = 512;

export function visualEssenceUrl(digit: Digit, seed: number): string {
  return `/visual-essence/${digit}.svg?seed=${seed}`;
}

const f = (n: number) => n.toFixed(1);

function polygon(cx: number, cy: number, r: number, sides: number, rotation: number, step = 1): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + ((i * step) / sides) * Math.PI * 2 - Math.PI / 2;
    points.push(`${f(cx + r * Math.cos(a))},${f(cy + r * Math.sin(a))}`);
  }
  return points.join(" ");
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

export function renderVisualEssenceSvg(digit: Digit, seed: number): string {
  const rng = seededRandom(seed * 10 + digit);
  const { hex } = principleOf(digit);
  const size = VISUAL_ESSENCE_SIZE;
  const c = size / 2;
  const light = digit === 9 || digit === 2;
  const stroke = light ? "#2a2340" : "#ffffff";
  const backdrop = light ? "#f3efe6" : "#0d0b18";
  const rotation = rng() * Math.PI * 2;
  const shapes: string[] = [];

  // rings
  const rings = 2 + Math.floor(rng() * 4);
  for (let i = 1; i <= rings; i++) {
    shapes.push(
      `<circle cx="${c}" cy="${c}" r="${f((i / (rings + 1)) * size * 0.46)}" fill="none" stroke="${stroke}" stroke-opacity="${f(0.12 + rng() * 0.2)}" stroke-width="${f(1 + rng() * 2)}"/>`,
    );
  }
  // the digit's geometry
  const r = size * (0.26 + rng() * 0.08);
  const main = `fill="${hex}" fill-opacity="0.85" stroke="${stroke}" stroke-width="3"`;
  if (digit === 0) shapes.push(`<circle cx="${c}" cy="${c}" r="${f(r)}" ${main}/>`);
  else if (digit === 1)
    shapes.push(
      `<path d="M${c} ${f(c + r)} L${c} ${f(c - r)}" stroke="${hex}" stroke-width="${f(18 + rng() * 14)}" stroke-linecap="round"/>`,
    );
  else if (digit === 2) {
    const dx = r * 0.45;
    shapes.push(`<circle cx="${f(c - dx)}" cy="${c}" r="${f(r * 0.8)}" ${main}/>`);
    shapes.push(`<circle cx="${f(c + dx)}" cy="${c}" r="${f(r * 0.8)}" ${main}/>`);
  } else if (digit <= 6 || digit === 8) shapes.push(`<polygon points="${polygon(c, c, r, digit, rotation)}" ${main}/>`);
  else
    shapes.push(
      `<polygon points="${polygon(c, c, r, digit, rotation, digit === 7 ? 3 : 4)}" ${main} fill-rule="evenodd"/>`,
    );

  // scattered points
  const dots = 12 + Math.floor(rng() * 24);
  for (let i = 0; i < dots; i++) {
    const a = rng() * Math.PI * 2;
    const d = size * (0.1 + rng() * 0.38);
    shapes.push(
      `<circle cx="${f(c + d * Math.cos(a))}" cy="${f(c + d * Math.sin(a))}" r="${f(1 + rng() * 3.5)}" fill="${rng() < 0.5 ? hex : stroke}" fill-opacity="${f(0.4 + rng() * 0.5)}"/>`,
    );
  }
  const title = escapeXml(`Visual essence of ${universalName(digit)}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${title}"><title>${title}</title><defs><radialGradient id="g" cx="50%" cy="50%" r="60%"><stop offset="0%" stop-color="${hex}" stop-opacity="0.55"/><stop offset="100%" stop-color="${backdrop}"/></radialGradient></defs><rect width="${size}" height="${size}" fill="${backdrop}"/><rect width="${size}" height="${size}" fill="url(#g)"/>${shapes.join("")}</svg>`;
}
