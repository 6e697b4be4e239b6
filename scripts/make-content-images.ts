/**
 * Writes the site's own illustrations to public/images/content/*.svg (run: `npx tsx scripts/make-content-images.ts`).
 * Every colour comes from the ontology's data and the octahedron from its geometry, so the pictures cannot drift
 * from the facts the pages state. The SVGs are committed; the script documents how they were made.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PALINDROME } from "../app/content/palindrome";
import { projectOctahedron, shadeColour, VERTICES, EDGES } from "../app/numerology/octahedron";
import { DIGITS, principleOf, type Digit } from "../app/numerology/principles";

const W = 960;
const H = 400;
const BG = "#0f0c24";
const INK = "#f5f3ff";
const out = path.resolve(import.meta.dirname, "../public/images/content");
const hex = (d: number) => principleOf(d as Digit).hex;
const textOn = (d: number) => (d === 2 || d === 5 || d === 9 ? "#1c1830" : "#ffffff");

function svg(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}">
<title>${title}</title>
<rect width="${W}" height="${H}" fill="${BG}"/>
${body}
</svg>
`;
}

function digitDisc(d: number, x: number, y: number, r: number, size = r): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${hex(d)}" stroke="${INK}" stroke-width="2"/>
<text x="${x}" y="${y + size * 0.35}" font-family="Georgia, serif" font-size="${size}" font-weight="bold" text-anchor="middle" fill="${textOn(d)}">${d}</text>`;
}

function octahedron(angleX: number, angleY: number, width: number, height: number, dx = 0, dy = 0): string {
  return projectOctahedron(angleX, angleY, width, height)
    .map(
      (f) =>
        `<polygon points="${f.points.map(([x, y]) => `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`).join(" ")}" fill="${shadeColour(f.fill, f.shade)}" stroke="${INK}" stroke-width="2" stroke-linejoin="round"/>`,
    )
    .join("\n");
}

const images: Record<string, string> = {};

// about: the ten digits in a circle, 0 and 9 facing each other across the centre
images.about = svg(
  "The ten digits in a circle, each in its principle's colour",
  DIGITS.map((d) => {
    const a = (d / 10) * Math.PI * 2 - Math.PI / 2;
    return digitDisc(d, W / 2 + Math.cos(a) * 150, H / 2 + Math.sin(a) * 150, 30, 30);
  }).join("\n") +
    `\n<line x1="${W / 2}" y1="${H / 2 - 120}" x2="${W / 2 + Math.cos((9 / 10) * Math.PI * 2 - Math.PI / 2) * 120}" y2="${H / 2 + Math.sin((9 / 10) * Math.PI * 2 - Math.PI / 2) * 120}" stroke="${INK}" stroke-dasharray="6 6"/>`,
);
images.blog = images.about;

// colors: ten swatches
images.colors = svg(
  "Ten colour swatches from black to white",
  DIGITS.map((d) => {
    const x = 40 + d * 88;
    return `<rect x="${x}" y="90" width="80" height="220" rx="10" fill="${hex(d)}" stroke="${INK}" stroke-width="2"/>
<text x="${x + 40}" y="230" font-family="Georgia, serif" font-size="44" font-weight="bold" text-anchor="middle" fill="${textOn(d)}">${d}</text>`;
  }).join("\n"),
);

// nonduality: a black and a white circle overlapping, their lens holding the middle colours
const lensStripes = [1, 2, 3, 4, 5, 6, 7, 8]
  .map((d, i) => `<rect x="${430 + i * 12.5}" y="60" width="12.5" height="280" fill="${hex(d)}"/>`)
  .join("\n");
images.nonduality = svg(
  "A black and a white circle overlapping; their shared middle shows the colours of the principles 1 to 8",
  `<defs><clipPath id="lens"><circle cx="380" cy="200" r="150"/></clipPath></defs>
<circle cx="380" cy="200" r="150" fill="${hex(0)}" stroke="${INK}" stroke-width="3"/>
<circle cx="580" cy="200" r="150" fill="${hex(9)}" stroke="${INK}" stroke-width="3"/>
<g clip-path="url(#lens)"><circle cx="580" cy="200" r="150" fill="${BG}"/>${lensStripes}</g>
<circle cx="380" cy="200" r="150" fill="none" stroke="${INK}" stroke-width="3"/>`,
);

// palindrome: 9 8 6 3 8 3 6 8 9 in an arch with mirror arcs
const pal = [...PALINDROME].map(Number);
images.palindrome = svg(
  `The palindrome ${PALINDROME}, mirrored around its central 8`,
  pal
    .map((d, i) => {
      const x = 120 + i * 90;
      const y = 250 - Math.sin((i / 8) * Math.PI) * 90;
      return digitDisc(d, x, y, 34, 36);
    })
    .join("\n") +
    [0, 1, 2, 3]
      .map((i) => {
        const x1 = 120 + i * 90;
        const x2 = 120 + (8 - i) * 90;
        return `<path d="M${x1} ${300} Q ${(x1 + x2) / 2} ${390 - i * 15} ${x2} ${300}" fill="none" stroke="${INK}" stroke-width="2" stroke-dasharray="4 6"/>`;
      })
      .join("\n"),
);

// octahedron: projected solid with dimension labels
images.octahedron = svg(
  "The irregular octahedron: a 2 by 1 rectangle with an apex above and below its centre",
  octahedron(-0.35, 0.6, W, 300, 0, 50) +
    `\n<text x="40" y="60" font-family="Georgia, serif" font-size="28" fill="${INK}">length 2 · height 2 · width 1</text>
<text x="40" y="360" font-family="Georgia, serif" font-size="28" fill="${INK}">8 faces · 6 vertices · 12 edges · edges total 18</text>`,
);

// octahedron construction: front view with the rectangle of two unit squares
const u = 110;
const cx = W / 2;
const floorY = 220;
images["octahedron-construction"] = svg(
  "Construction of the octahedron: two unit squares make the floor, one apex rises above its centre and one falls below",
  `<polygon points="${cx - 2 * u},${floorY} ${cx - u},${floorY - 40} ${cx + 2 * u},${floorY - 40} ${cx + u},${floorY}" fill="${hex(4)}" fill-opacity="0.35" stroke="${INK}" stroke-width="2"/>
<line x1="${cx - 0.5 * u}" y1="${floorY}" x2="${cx + 0.5 * u}" y2="${floorY - 40}" stroke="${INK}" stroke-width="2" stroke-dasharray="6 4"/>
<circle cx="${cx}" cy="${floorY - 20 - (1.6 * u) / 1.6}" r="6" fill="${INK}"/>
<circle cx="${cx}" cy="${floorY - 20 + u}" r="6" fill="${INK}"/>
${[
  [cx - 2 * u, floorY],
  [cx - u, floorY - 40],
  [cx + 2 * u, floorY - 40],
  [cx + u, floorY],
]
  .map(
    ([x, y]) =>
      `<line x1="${cx}" y1="${floorY - 20 - u}" x2="${x}" y2="${y}" stroke="${hex(1)}" stroke-width="2"/><line x1="${cx}" y1="${floorY - 20 + u}" x2="${x}" y2="${y}" stroke="${hex(3)}" stroke-width="2"/>`,
  )
  .join("\n")}
<text x="40" y="60" font-family="Georgia, serif" font-size="26" fill="${INK}">floor: two unit squares, 2 × 1</text>
<text x="40" y="100" font-family="Georgia, serif" font-size="26" fill="${INK}">apexes: 1 above and 1 below the centre</text>
<text x="40" y="370" font-family="Georgia, serif" font-size="26" fill="${INK}">floor edges 6 + rising edges 8 × 1.5 = 18</text>`,
);

// emotions: three blue waves meeting
images.emotions = svg(
  "Three blue waves rising and meeting in the middle",
  [0, 1, 2]
    .map(
      (i) =>
        `<path d="M0 ${300 - i * 50} C 240 ${180 - i * 40}, 360 ${360 - i * 40}, 480 ${200 - i * 30} S 760 ${120 + i * 20}, 960 ${300 - i * 50}" fill="none" stroke="${hex(3)}" stroke-opacity="${1 - i * 0.25}" stroke-width="${14 - i * 3}" stroke-linecap="round"/>`,
    )
    .join("\n") + `\n${digitDisc(3, 480, 200, 36, 40)}`,
);

// healing: fourteen circles rising from brown to white
const healingOrder = [8, 8, 1, 5, 2, 4, 3, 6, 7, 7, 6, 9, 9, 9];
images.healing = svg(
  "A column of fourteen circles in the principles' colours, rising from brown to white",
  healingOrder
    .map((d, i) => {
      const y = 380 - i * 27;
      return `<circle cx="${W / 2}" cy="${y}" r="11" fill="${hex(d)}" stroke="${INK}" stroke-width="1.5"/>`;
    })
    .join("\n") +
    `\n<line x1="${W / 2 - 60}" y1="${380 - 6.5 * 27}" x2="${W / 2 + 60}" y2="${380 - 6.5 * 27}" stroke="${INK}" stroke-dasharray="4 4"/>`,
);

// seven-three-one: three overlapping circles around 11
images["seven-three-one"] = svg(
  "Three overlapping circles in violet, blue and red, labelled 7, 3 and 1, around the number 11",
  `<g fill-opacity="0.75" stroke="${INK}" stroke-width="2">
<circle cx="410" cy="170" r="110" fill="${hex(7)}"/><circle cx="550" cy="170" r="110" fill="${hex(3)}"/><circle cx="480" cy="280" r="110" fill="${hex(1)}"/></g>
<text x="360" y="150" font-family="Georgia, serif" font-size="48" font-weight="bold" fill="#fff">7</text>
<text x="575" y="150" font-family="Georgia, serif" font-size="48" font-weight="bold" fill="#fff">3</text>
<text x="466" y="350" font-family="Georgia, serif" font-size="48" font-weight="bold" fill="#fff">1</text>
<text x="480" y="222" font-family="Georgia, serif" font-size="52" font-weight="bold" text-anchor="middle" fill="#fff">11</text>`,
);
images["seven-three-one-sequence"] = svg(
  "Seven, three and one as a sequence: a violet field, a blue point within it, a red arrow leaving the point",
  `<rect x="60" y="60" width="840" height="280" rx="40" fill="${hex(7)}" fill-opacity="0.55" stroke="${INK}"/>
<circle cx="380" cy="200" r="26" fill="${hex(3)}" stroke="${INK}" stroke-width="2"/>
<path d="M410 200 L 700 200" stroke="${hex(1)}" stroke-width="10" stroke-linecap="round"/><path d="M690 170 L 740 200 L 690 230 Z" fill="${hex(1)}"/>
<text x="100" y="110" font-family="Georgia, serif" font-size="30" fill="#fff">7 nothingness</text>
<text x="330" y="270" font-family="Georgia, serif" font-size="30" fill="#fff">3 particle</text>
<text x="620" y="270" font-family="Georgia, serif" font-size="30" fill="#fff">1 change</text>`,
);

// posts
const tetractys = [1, 2, 3, 4]
  .flatMap((row, r) => Array.from({ length: row }, (_, i) => [W / 2 + (i - (row - 1) / 2) * 80, 80 + r * 80, r + 1]))
  .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="22" fill="${hex(r!)}" stroke="${INK}" stroke-width="2"/>`)
  .join("\n");
images["post-pythagorean"] = svg("The tetractys: ten points in rows of one, two, three and four", tetractys);

const spiral = Array.from({ length: 200 }, (_, i) => {
  const a = i * 0.12;
  const r = 170 - i * 0.8;
  return `${(W / 2 + Math.cos(a) * r).toFixed(1)},${(H / 2 + Math.sin(a) * r * 0.9).toFixed(1)}`;
}).join(" ");
images["post-remembrance"] = svg(
  "A brown spiral turning inward toward a white circle",
  `<polyline points="${spiral}" fill="none" stroke="${hex(8)}" stroke-width="8" stroke-linecap="round"/>
<circle cx="${W / 2}" cy="${H / 2}" r="24" fill="${hex(9)}"/>`,
);

const root = (n: number) => 1 + ((n - 1) % 9);
images["post-nine-eleven"] = svg(
  "The numbers 9, 11, 12 and 13 in a rising row, each in the colour of its digital root",
  [9, 11, 12, 13]
    .map((n, i) => {
      const x = 180 + i * 200;
      const y = 300 - i * 60;
      return `<rect x="${x - 70}" y="${y - 60}" width="140" height="100" rx="14" fill="${hex(root(n))}" stroke="${INK}" stroke-width="2"/>
<text x="${x}" y="${y + 10}" font-family="Georgia, serif" font-size="56" font-weight="bold" text-anchor="middle" fill="${textOn(root(n))}">${n}</text>`;
    })
    .join("\n"),
);

images["post-base-10"] = svg(
  "The digits 0 to 9 around a circle with 10 at the centre",
  DIGITS.map((d) => {
    const a = (d / 10) * Math.PI * 2 - Math.PI / 2;
    return digitDisc(d, W / 2 + Math.cos(a) * 150, H / 2 + Math.sin(a) * 150, 26, 28);
  }).join("\n") +
    `\n<text x="${W / 2}" y="${H / 2 + 24}" font-family="Georgia, serif" font-size="72" font-weight="bold" text-anchor="middle" fill="${INK}">10</text>`,
);

images["post-elements"] = svg(
  "Four quarters of a circle in red, yellow, blue and green around a black centre",
  [1, 2, 3, 4]
    .map((d, i) => {
      const a0 = (i / 4) * Math.PI * 2 - Math.PI / 2;
      const a1 = ((i + 1) / 4) * Math.PI * 2 - Math.PI / 2;
      const p = (a: number) => `${(W / 2 + Math.cos(a) * 160).toFixed(1)} ${(H / 2 + Math.sin(a) * 160).toFixed(1)}`;
      return `<path d="M${W / 2} ${H / 2} L ${p(a0)} A 160 160 0 0 1 ${p(a1)} Z" fill="${hex(d)}" stroke="${INK}" stroke-width="2"/>`;
    })
    .join("\n") + `\n<circle cx="${W / 2}" cy="${H / 2}" r="50" fill="${hex(0)}" stroke="${INK}" stroke-width="2"/>`,
);

images["post-fire-desire"] = svg(
  "A red flame whose upper tongues turn orange, over the numbers 1 and 5",
  `<path d="M480 360 C 340 340, 360 220, 430 150 C 430 210, 470 220, 470 180 C 470 120, 520 80, 520 40 C 600 120, 640 220, 600 300 C 580 340, 540 360, 480 360 Z" fill="${hex(1)}" stroke="${INK}" stroke-width="2"/>
<path d="M485 350 C 420 330, 430 260, 470 220 C 480 260, 510 250, 520 210 C 560 260, 570 320, 485 350 Z" fill="${hex(5)}"/>
<text x="300" y="330" font-family="Georgia, serif" font-size="80" font-weight="bold" fill="${hex(1)}" stroke="${INK}" stroke-width="1">1</text>
<text x="630" y="330" font-family="Georgia, serif" font-size="80" font-weight="bold" fill="${hex(5)}" stroke="${INK}" stroke-width="1">5</text>`,
);

images["post-solfeggio"] = svg(
  "Six sine waves of increasing frequency in indigo, violet and blue",
  [396, 417, 528, 639, 741, 852]
    .map((f, i) => {
      const pts = Array.from({ length: 241 }, (_, k) => {
        const x = 40 + k * 3.7;
        const y = 50 + i * 60 + Math.sin((k / 240) * Math.PI * 2 * (f / 100)) * 18;
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      }).join(" ");
      return `<polyline points="${pts}" fill="none" stroke="${hex([6, 7, 3][i % 3]!)}" stroke-width="3"/>`;
    })
    .join("\n"),
);

images["post-forty-three"] = svg(
  "A green 4 and a blue 3 leaning together into one figure",
  `<text x="330" y="320" font-family="Georgia, serif" font-size="300" font-weight="bold" fill="${hex(4)}" transform="rotate(-8 420 220)">4</text>
<text x="480" y="320" font-family="Georgia, serif" font-size="300" font-weight="bold" fill="${hex(3)}" fill-opacity="0.9" transform="rotate(8 560 220)">3</text>`,
);

images["post-436"] = svg(
  "The digits 4, 3 and 6 in green, blue and indigo, with an arrow curving from the 6 back to the 4",
  `${digitDisc(4, 280, 200, 70, 90)}${digitDisc(3, 480, 200, 70, 90)}${digitDisc(6, 680, 200, 70, 90)}
<path d="M680 290 Q 480 400 280 290" fill="none" stroke="${INK}" stroke-width="4"/><path d="M292 274 L 270 292 L 298 300 Z" fill="${INK}"/>`,
);

mkdirSync(out, { recursive: true });
for (const [name, content] of Object.entries(images)) writeFileSync(path.join(out, `${name}.svg`), content);
console.log(
  `wrote ${Object.keys(images).length} images to ${out} (${VERTICES.length} vertices, ${EDGES.length} edges)`,
);
