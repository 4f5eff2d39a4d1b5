/**
 * Illustrations for the demo images, drawn as SVG from simple shapes in the brand palette
 * (../shared/DESIGN.md) and rasterised by the seed with sharp: dishes on a plate, the dining
 * room, the coast, the crew. No words in the pictures (the alt text says what they show),
 * except the coupon, whose offer is its point (drawn in English and in French).
 */
import { greens, lemon, PALETTE, plated, svg, type Canvas } from './demo-art-kit';
import { DISH_DRAWINGS } from './demo-art-dishes';

const DRAWINGS: Record<string, (canvas: Canvas) => string> = {
  salmon: (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const marks = Array.from(
        { length: 5 },
        (_, i) =>
          `<path d="M${cx - r * 0.45 + i * r * 0.2} ${cy - r * 0.32} l${r * 0.16} ${r * 0.5}" stroke="#8E3B1E" stroke-width="${r * 0.035}" stroke-linecap="round"/>`,
      ).join('');
      return `${greens(cx - r * 0.55, cy + r * 0.1, r)}
<path d="M${cx - r * 0.5} ${cy - r * 0.2} Q${cx} ${cy - r * 0.55} ${cx + r * 0.55} ${cy - r * 0.15} Q${cx + r * 0.62} ${cy + r * 0.25} ${cx + r * 0.2} ${cy + r * 0.32} Q${cx - r * 0.3} ${cy + r * 0.38} ${cx - r * 0.5} ${cy - r * 0.2} Z" fill="${PALETTE.salmon}"/>
<path d="M${cx - r * 0.45} ${cy - r * 0.15} Q${cx} ${cy - r * 0.42} ${cx + r * 0.5} ${cy - r * 0.1}" stroke="#F7B08C" stroke-width="${r * 0.05}" fill="none"/>${marks}${lemon(cx + r * 0.45, cy + r * 0.45, r * 0.17)}`;
    }),
  'lobster-roll': (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const chunks = Array.from(
        { length: 7 },
        (_, i) =>
          `<ellipse cx="${cx - r * 0.42 + i * r * 0.14}" cy="${cy - r * 0.14 + (i % 2) * r * 0.06}" rx="${r * 0.1}" ry="${r * 0.08}" fill="${i % 3 ? PALETTE.lobster : '#E8553F'}"/><ellipse cx="${cx - r * 0.42 + i * r * 0.14}" cy="${cy - r * 0.1 + (i % 2) * r * 0.06}" rx="${r * 0.06}" ry="${r * 0.035}" fill="${PALETTE.white}" opacity="0.8"/>`,
      ).join('');
      return `<rect x="${cx - r * 0.62}" y="${cy - r * 0.12}" width="${r * 1.24}" height="${r * 0.36}" rx="${r * 0.18}" fill="${PALETTE.crust}"/>
<rect x="${cx - r * 0.58}" y="${cy - r * 0.2}" width="${r * 1.16}" height="${r * 0.2}" rx="${r * 0.1}" fill="${PALETTE.green}"/>${chunks}
<path d="M${cx - r * 0.6} ${cy + r * 0.16} Q${cx} ${cy + r * 0.32} ${cx + r * 0.6} ${cy + r * 0.16}" stroke="#A86B28" stroke-width="${r * 0.03}" fill="none"/>${lemon(cx + r * 0.4, cy + r * 0.48, r * 0.15)}
${Array.from({ length: 6 }, (_, i) => `<rect x="${cx - r * 0.55 + i * r * 0.07}" y="${cy + r * 0.36}" width="${r * 0.05}" height="${r * 0.3}" rx="${r * 0.02}" fill="${PALETTE.gold}" transform="rotate(${i * 9 - 20} ${cx - r * 0.4} ${cy + r * 0.5})"/>`).join('')}`;
    }),
  'crab-legs': (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const leg = (angle: number, length: number) => {
        const segments = Array.from(
          { length: 3 },
          (_, i) =>
            `<rect x="${i * length * 0.34}" y="${-r * 0.05}" width="${length * 0.32}" height="${r * 0.1}" rx="${r * 0.05}" fill="${i % 2 ? '#D9432F' : PALETTE.lobster}"/><circle cx="${i * length * 0.34}" cy="0" r="${r * 0.06}" fill="#F2A65A"/>`,
        ).join('');
        return `<g transform="translate(${cx - r * 0.1} ${cy}) rotate(${angle})">${segments}</g>`;
      };
      return `${[-50, -25, 0, 25, 50, 155, 180, 205].map((angle, i) => leg(angle, r * (i % 2 ? 0.62 : 0.56))).join('')}
<rect x="${cx + r * 0.3}" y="${cy + r * 0.28}" width="${r * 0.28}" height="${r * 0.22}" rx="${r * 0.05}" fill="${PALETTE.shore}"/><rect x="${cx + r * 0.32}" y="${cy + r * 0.3}" width="${r * 0.24}" height="${r * 0.12}" rx="${r * 0.04}" fill="${PALETTE.gold}"/>`;
    }),
  rolls: (canvas) =>
    plated(
      canvas,
      (cx, cy, r) =>
        [
          [-0.3, -0.22],
          [0.22, -0.26],
          [-0.05, 0.05],
          [0.34, 0.16],
          [-0.32, 0.28],
          [0.05, 0.4],
        ]
          .map(([dx, dy]) => {
            const x = cx + dx! * r;
            const y = cy + dy! * r;
            const specks = Array.from(
              { length: 5 },
              (_, i) =>
                `<circle cx="${x + Math.cos(i * 1.9) * r * 0.1}" cy="${y + Math.sin(i * 2.3) * r * 0.08}" r="${r * 0.015}" fill="${PALETTE.green}"/>`,
            ).join('');
            return `<ellipse cx="${x}" cy="${y + r * 0.03}" rx="${r * 0.21}" ry="${r * 0.17}" fill="#B8772C"/><ellipse cx="${x}" cy="${y}" rx="${r * 0.2}" ry="${r * 0.16}" fill="${PALETTE.gold}"/><ellipse cx="${x - r * 0.05}" cy="${y - r * 0.05}" rx="${r * 0.08}" ry="${r * 0.05}" fill="#F5D98C"/>${specks}`;
          })
          .join(''),
      PALETTE.lobster,
    ),
  chowder: (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const clams = Array.from(
        { length: 5 },
        (_, i) =>
          `<path d="M${cx - r * 0.3 + i * r * 0.15} ${cy - r * 0.05 + (i % 2) * r * 0.16} a${r * 0.07} ${r * 0.07} 0 0 1 ${r * 0.14} 0 Z" fill="#D9C6A5"/>`,
      ).join('');
      const potatoes = Array.from(
        { length: 6 },
        (_, i) =>
          `<rect x="${cx - r * 0.35 + (i % 3) * r * 0.25}" y="${cy - r * 0.28 + Math.floor(i / 3) * r * 0.38}" width="${r * 0.09}" height="${r * 0.09}" rx="${r * 0.02}" fill="#F3E3B5"/>`,
      ).join('');
      return `<circle cx="${cx}" cy="${cy}" r="${r * 0.66}" fill="${PALETTE.navy}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.56}" fill="#F4EBD8"/>${clams}${potatoes}
${Array.from({ length: 9 }, (_, i) => `<circle cx="${cx - r * 0.25 + (i % 3) * r * 0.22}" cy="${cy - r * 0.2 + Math.floor(i / 3) * r * 0.2}" r="${r * 0.018}" fill="${PALETTE.green}"/>`).join('')}
<g transform="translate(${cx + r * 0.75} ${cy - r * 0.55})">${Array.from({ length: 4 }, (_, i) => `<circle cx="${(i % 2) * r * 0.14}" cy="${Math.floor(i / 2) * r * 0.14}" r="${r * 0.07}" fill="#EBD9B4" stroke="#C9AE7C" stroke-width="3"/>`).join('')}</g>`;
    }),
  shrimp: (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const noodles = Array.from(
        { length: 9 },
        (_, i) =>
          `<path d="M${cx - r * 0.55} ${cy - r * 0.3 + i * r * 0.08} C${cx - r * 0.2} ${cy - r * 0.6 + i * r * 0.1} ${cx + r * 0.2} ${cy + i * r * 0.05} ${cx + r * 0.55} ${cy - r * 0.25 + i * r * 0.08}" stroke="#EED9A0" stroke-width="${r * 0.04}" fill="none" stroke-linecap="round"/>`,
      ).join('');
      const shrimp = (x: number, y: number, angle: number) =>
        `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 a${r * 0.12} ${r * 0.12} 0 1 1 ${r * 0.2} ${r * 0.08}" stroke="${PALETTE.salmon}" stroke-width="${r * 0.09}" fill="none" stroke-linecap="round"/><path d="M${r * 0.2} ${r * 0.08} l${r * 0.06} ${r * 0.06} l${r * 0.02} ${-r * 0.08} Z" fill="${PALETTE.lobster}"/></g>`;
      return `${noodles}${shrimp(cx - r * 0.3, cy - r * 0.1, 10)}${shrimp(cx + r * 0.05, cy - r * 0.25, 80)}${shrimp(cx + r * 0.15, cy + r * 0.12, -40)}${shrimp(cx - r * 0.18, cy + r * 0.25, 160)}
${Array.from({ length: 10 }, (_, i) => `<circle cx="${cx - r * 0.4 + i * r * 0.09}" cy="${cy + Math.sin(i) * r * 0.3}" r="${r * 0.02}" fill="${PALETTE.green}"/>`).join('')}`;
    }),
  'key-lime-pie': (canvas) =>
    plated(
      canvas,
      (cx, cy, r) =>
        `<path d="M${cx - r * 0.45} ${cy + r * 0.3} L${cx + r * 0.1} ${cy - r * 0.55} L${cx + r * 0.5} ${cy + r * 0.3} Z" fill="${PALETTE.lime}"/>
<path d="M${cx - r * 0.45} ${cy + r * 0.3} L${cx + r * 0.5} ${cy + r * 0.3} L${cx + r * 0.5} ${cy + r * 0.42} L${cx - r * 0.45} ${cy + r * 0.42} Z" fill="${PALETTE.crust}"/>
<ellipse cx="${cx + r * 0.12}" cy="${cy - r * 0.12}" rx="${r * 0.16}" ry="${r * 0.11}" fill="${PALETTE.white}"/><ellipse cx="${cx + r * 0.14}" cy="${cy - r * 0.2}" rx="${r * 0.09}" ry="${r * 0.07}" fill="${PALETTE.white}"/>
<circle cx="${cx + r * 0.2}" cy="${cy - r * 0.28}" r="${r * 0.07}" fill="${PALETTE.green}"/><circle cx="${cx + r * 0.2}" cy="${cy - r * 0.28}" r="${r * 0.045}" fill="${PALETTE.lime}"/>`,
      PALETTE.navy,
    ),
  'fish-tacos': (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const taco = (x: number, y: number, angle: number) => `<g transform="translate(${x} ${y}) rotate(${angle})">
<path d="M${-r * 0.38} 0 A${r * 0.38} ${r * 0.38} 0 0 1 ${r * 0.38} 0 Z" fill="#F1D38A"/>
<rect x="${-r * 0.3}" y="${-r * 0.13}" width="${r * 0.6}" height="${r * 0.1}" rx="${r * 0.05}" fill="${PALETTE.crust}"/>
${Array.from({ length: 6 }, (_, i) => `<rect x="${-r * 0.3 + i * r * 0.1}" y="${-r * 0.2}" width="${r * 0.06}" height="${r * 0.08}" fill="${i % 2 ? '#9E5BA6' : PALETTE.green}" transform="rotate(${i * 15} ${-r * 0.3 + i * r * 0.1} ${-r * 0.2})"/>`).join('')}
<path d="M${-r * 0.28} ${-r * 0.06} Q0 ${-r * 0.16} ${r * 0.28} ${-r * 0.06}" stroke="${PALETTE.white}" stroke-width="${r * 0.03}" fill="none"/></g>`;
      return `${taco(cx - r * 0.05, cy - r * 0.1, 0)}${taco(cx + r * 0.05, cy + r * 0.35, 0)}${lemon(cx + r * 0.5, cy - r * 0.35, r * 0.12)}`;
    }),
  catering: (canvas) => {
    const { width, height } = canvas;
    const tray = (x: number, y: number, w: number, h: number, fill: string, item: string) =>
      `<rect x="${x + 8}" y="${y + 10}" width="${w}" height="${h}" rx="18" fill="${PALETTE.ink}" opacity="0.25"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="#C7CED3"/><rect x="${x + 14}" y="${y + 14}" width="${w - 28}" height="${h - 28}" rx="12" fill="${fill}"/>${item}`;
    const row = (
      x: number,
      y: number,
      w: number,
      h: number,
      count: number,
      shape: (px: number, py: number) => string,
    ) =>
      Array.from({ length: count }, (_, i) =>
        shape(
          x + 40 + (i % Math.ceil(count / 2)) * ((w - 80) / Math.max(1, Math.ceil(count / 2) - 1)),
          y + h * (i < Math.ceil(count / 2) ? 0.33 : 0.68),
        ),
      ).join('');
    const w = width * 0.42;
    const h = height * 0.36;
    return svg(
      canvas,
      `<rect width="${width}" height="${height}" fill="${PALETTE.sand}"/><rect y="${height * 0.12}" width="${width}" height="${height * 0.88}" fill="${PALETTE.navy}"/>
${tray(
  width * 0.05,
  height * 0.18,
  w,
  h,
  PALETTE.cream,
  row(
    width * 0.05,
    height * 0.18,
    w,
    h,
    8,
    (x, y) =>
      `<path d="M${x - 30} ${y} a30 30 0 1 1 50 18" stroke="${PALETTE.salmon}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
  ),
)}
${tray(
  width * 0.53,
  height * 0.18,
  w,
  h,
  PALETTE.cream,
  row(
    width * 0.53,
    height * 0.18,
    w,
    h,
    6,
    (x, y) =>
      `<ellipse cx="${x}" cy="${y}" rx="46" ry="34" fill="${PALETTE.gold}"/><ellipse cx="${x - 12}" cy="${y - 10}" rx="16" ry="10" fill="#F5D98C"/>`,
  ),
)}
${tray(
  width * 0.05,
  height * 0.6,
  w,
  h,
  PALETTE.cream,
  row(
    width * 0.05,
    height * 0.6,
    w,
    h,
    4,
    (x, y) =>
      `<path d="M${x - 60} ${y - 14} Q${x} ${y - 46} ${x + 60} ${y - 10} Q${x + 40} ${y + 24} ${x - 50} ${y + 18} Z" fill="${PALETTE.salmon}"/>`,
  ),
)}
${tray(
  width * 0.53,
  height * 0.6,
  w,
  h,
  '#EAF1E0',
  row(
    width * 0.53,
    height * 0.6,
    w,
    h,
    10,
    (x, y) =>
      `<circle cx="${x}" cy="${y}" r="22" fill="${PALETTE.green}"/><circle cx="${x + 14}" cy="${y - 8}" r="12" fill="${PALETTE.lime}"/>`,
  ),
)}`,
    );
  },
  'dining-room': (canvas) => {
    const { width, height } = canvas;
    const window = (x: number) =>
      `<rect x="${x}" y="${height * 0.12}" width="${width * 0.2}" height="${height * 0.36}" fill="${PALETTE.shore}"/><rect x="${x}" y="${height * 0.34}" width="${width * 0.2}" height="${height * 0.14}" fill="${PALETTE.teal}"/><path d="M${x} ${height * 0.34} q${width * 0.05} -12 ${width * 0.1} 0 t${width * 0.1} 0" stroke="${PALETTE.white}" stroke-width="4" fill="none" opacity="0.7"/><rect x="${x}" y="${height * 0.12}" width="${width * 0.2}" height="${height * 0.36}" fill="none" stroke="${PALETTE.white}" stroke-width="10"/><path d="M${x + width * 0.1} ${height * 0.12} V${height * 0.48}" stroke="${PALETTE.white}" stroke-width="6"/>`;
    const lamp = (x: number) =>
      `<path d="M${x} 0 V${height * 0.1}" stroke="${PALETTE.ink}" stroke-width="3"/><path d="M${x - 34} ${height * 0.16} L${x - 18} ${height * 0.1} H${x + 18} L${x + 34} ${height * 0.16} Z" fill="${PALETTE.navy}"/><ellipse cx="${x}" cy="${height * 0.17}" rx="26" ry="8" fill="#FFE7A3"/>`;
    const booth = (x: number) =>
      `<rect x="${x}" y="${height * 0.5}" width="${width * 0.24}" height="${height * 0.22}" rx="18" fill="${PALETTE.lobster}"/><rect x="${x + width * 0.05}" y="${height * 0.6}" width="${width * 0.14}" height="${height * 0.05}" rx="6" fill="${PALETTE.sand}"/><rect x="${x + width * 0.11}" y="${height * 0.65}" width="${width * 0.02}" height="${height * 0.12}" fill="${PALETTE.woodDark}"/><circle cx="${x + width * 0.09}" cy="${height * 0.59}" r="10" fill="${PALETTE.white}"/><circle cx="${x + width * 0.15}" cy="${height * 0.59}" r="10" fill="${PALETTE.white}"/>`;
    return svg(
      canvas,
      `<rect width="${width}" height="${height}" fill="${PALETTE.sand}"/><rect y="${height * 0.52}" width="${width}" height="${height * 0.06}" fill="${PALETTE.wood}"/>
<rect y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="${PALETTE.woodDark}"/>${Array.from({ length: 8 }, (_, i) => `<path d="M${(i * width) / 8} ${height * 0.78} L${(i * width) / 8 - 60} ${height}" stroke="${PALETTE.wood}" stroke-width="6"/>`).join('')}
${[0.06, 0.4, 0.74].map((f) => window(width * f)).join('')}${[0.16, 0.5, 0.84].map((f) => lamp(width * f)).join('')}${[0.04, 0.38, 0.72].map((f) => booth(width * f)).join('')}`,
    );
  },
  crew: (canvas) => {
    const { width, height } = canvas;
    const person = (x: number, apron: string, skin: string, hat: boolean) =>
      `<rect x="${x - width * 0.09}" y="${height * 0.5}" width="${width * 0.18}" height="${height * 0.5}" rx="${width * 0.05}" fill="${PALETTE.white}"/><path d="M${x - width * 0.06} ${height * 0.6} H${x + width * 0.06} V${height} H${x - width * 0.06} Z" fill="${apron}"/>
<circle cx="${x}" cy="${height * 0.4}" r="${height * 0.1}" fill="${skin}"/><path d="M${x - height * 0.04} ${height * 0.43} q${height * 0.04} ${height * 0.03} ${height * 0.08} 0" stroke="${PALETTE.ink}" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="${x - height * 0.035}" cy="${height * 0.38}" r="5" fill="${PALETTE.ink}"/><circle cx="${x + height * 0.035}" cy="${height * 0.38}" r="5" fill="${PALETTE.ink}"/>
${hat ? `<rect x="${x - height * 0.08}" y="${height * 0.24}" width="${height * 0.16}" height="${height * 0.06}" fill="${PALETTE.white}"/><circle cx="${x - height * 0.05}" cy="${height * 0.22}" r="${height * 0.06}" fill="${PALETTE.white}"/><circle cx="${x + height * 0.05}" cy="${height * 0.22}" r="${height * 0.06}" fill="${PALETTE.white}"/><circle cx="${x}" cy="${height * 0.19}" r="${height * 0.07}" fill="${PALETTE.white}"/>` : `<path d="M${x - height * 0.1} ${height * 0.37} a${height * 0.1} ${height * 0.1} 0 0 1 ${height * 0.2} 0 Z" fill="${PALETTE.navy}"/>`}`;
    return svg(
      canvas,
      `<rect width="${width}" height="${height}" fill="${PALETTE.shore}"/><rect y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="#C7CED3"/>
${Array.from({ length: 6 }, (_, i) => `<rect x="${width * 0.05 + i * width * 0.16}" y="${height * 0.08}" width="${width * 0.12}" height="${height * 0.08}" rx="6" fill="#D2DCE0"/>`).join('')}
<rect x="${width * 0.7}" y="${height * 0.2}" width="${width * 0.22}" height="${height * 0.1}" rx="8" fill="${PALETTE.navy}"/>${[0.74, 0.8, 0.86].map((f) => `<circle cx="${width * f}" cy="${height * 0.25}" r="${height * 0.025}" fill="${PALETTE.lobster}"/>`).join('')}
${person(width * 0.25, PALETTE.navy, '#C98E63', true)}${person(width * 0.5, PALETTE.lobster, '#8D5A3B', false)}${person(width * 0.75, PALETTE.teal, '#F1C9A5', true)}`,
    );
  },
  coupon: (canvas) => coupon(canvas, COUPON_WORDS.en),
  'coupon-fr': (canvas) => coupon(canvas, COUPON_WORDS.fr),
};

/** The coupon's words: the only picture with text, so it has one per language. */
const COUPON_WORDS = {
  en: {
    title: 'FREE APPETIZER',
    line: 'with the purchase of any entrée',
    fine: 'Valid through December 31, 2027 · One per table',
  },
  fr: {
    title: 'ENTRÉE GRATUITE',
    line: 'à l’achat d’un plat principal',
    fine: 'Valide jusqu’au 31 décembre 2027 · Une par table',
  },
};

function coupon(canvas: Canvas, words: (typeof COUPON_WORDS)['en']): string {
  const { width, height } = canvas;
  return svg(
    canvas,
    `<rect width="${width}" height="${height}" fill="${PALETTE.sand}"/>
<rect x="${width * 0.06}" y="${height * 0.1}" width="${width * 0.88}" height="${height * 0.8}" rx="24" fill="${PALETTE.white}" stroke="${PALETTE.lobster}" stroke-width="8" stroke-dasharray="26 14"/>
<rect x="${width * 0.1}" y="${height * 0.16}" width="${width * 0.8}" height="${height * 0.2}" rx="12" fill="${PALETTE.lobster}"/>
<text x="${width / 2}" y="${height * 0.3}" text-anchor="middle" font-family="DejaVu Serif, serif" font-weight="bold" font-size="${height * 0.09}" fill="${PALETTE.white}">${words.title}</text>
<text x="${width / 2}" y="${height * 0.5}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${height * 0.055}" fill="${PALETTE.navy}">${words.line}</text>
<text x="${width / 2}" y="${height * 0.62}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${height * 0.04}" fill="${PALETTE.navy}">${words.fine}</text>
<g transform="translate(${width / 2} ${height * 0.76})"><path d="M-90 0 q45 -30 90 0 t90 0" stroke="${PALETTE.teal}" stroke-width="10" fill="none"/><path d="M-60 -24 l30 -40 l30 40 Z" fill="${PALETTE.lobster}"/></g>`,
  );
}

/** The coast: sky, sea, rocks, a lighthouse and boats heading out (the hero and "dock" images). */
function coast(canvas: Canvas, dawn: boolean): string {
  const { width, height } = canvas;
  const sea = height * 0.58;
  const boat = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-60 0 H60 L44 22 H-44 Z" fill="${PALETTE.navy}"/><rect x="-18" y="-30" width="36" height="30" fill="${PALETTE.white}"/><rect x="-2" y="-70" width="4" height="40" fill="${PALETTE.navy}"/><path d="M2 -68 L40 -32 H2 Z" fill="${PALETTE.lobster}"/></g>`;
  return svg(
    canvas,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dawn ? '#0B2341' : '#7FB5C4'}"/><stop offset="1" stop-color="${dawn ? '#F2A65A' : '#E4EEF1'}"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${PALETTE.teal}"/><stop offset="1" stop-color="${PALETTE.navy}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${width * 0.3}" cy="${sea}" r="${height * 0.12}" fill="${dawn ? '#F9D27A' : PALETTE.white}" opacity="0.9"/>
<rect y="${sea}" width="${width}" height="${height - sea}" fill="url(#sea)"/>
${Array.from({ length: 7 }, (_, i) => `<path d="M${-40 + (i % 2) * 80} ${sea + 30 + i * ((height - sea) / 7)} q${width / 16} -14 ${width / 8} 0 t${width / 8} 0 t${width / 8} 0 t${width / 8} 0 t${width / 8} 0 t${width / 8} 0 t${width / 8} 0 t${width / 8} 0 t${width / 8} 0" stroke="${PALETTE.white}" stroke-width="3" fill="none" opacity="0.25"/>`).join('')}
<path d="M${width * 0.62} ${height} L${width * 0.7} ${sea - height * 0.06} L${width * 0.8} ${sea - height * 0.1} L${width * 0.92} ${sea - height * 0.04} L${width} ${sea - height * 0.08} V${height} Z" fill="#4A4F55"/>
<path d="M${width * 0.7} ${sea - height * 0.06} L${width * 0.8} ${sea - height * 0.1} L${width * 0.86} ${sea - height * 0.07} L${width * 0.76} ${sea - height * 0.03} Z" fill="#6B7177"/>
<g transform="translate(${width * 0.82} ${sea - height * 0.1})"><path d="M-${height * 0.045} 0 L-${height * 0.03} -${height * 0.34} H${height * 0.03} L${height * 0.045} 0 Z" fill="${PALETTE.white}"/>
${[0.06, 0.16, 0.26].map((f) => `<path d="M-${height * (0.045 - f * 0.045)} -${height * f} H${height * (0.045 - f * 0.045)} V-${height * (f + 0.05)} H-${height * (0.045 - f * 0.045)} Z" fill="${PALETTE.lobster}"/>`).join('')}
<rect x="-${height * 0.04}" y="-${height * 0.4}" width="${height * 0.08}" height="${height * 0.06}" fill="#FFE7A3"/><path d="M-${height * 0.05} -${height * 0.4} L0 -${height * 0.46} L${height * 0.05} -${height * 0.4} Z" fill="${PALETTE.navy}"/>
${dawn ? `<path d="M0 -${height * 0.37} L-${width * 0.3} -${height * 0.5} L-${width * 0.3} -${height * 0.3} Z" fill="#FFE7A3" opacity="0.18"/>` : ''}</g>
${boat(width * 0.18, sea + (height - sea) * 0.35, height / 700)}${boat(width * 0.42, sea + (height - sea) * 0.18, height / 1200)}${boat(width * 0.55, sea + (height - sea) * 0.55, height / 600)}
<path d="M${width * 0.06} ${height * 0.2} q12 -10 24 0 q12 -10 24 0" stroke="${PALETTE.navy}" stroke-width="4" fill="none"/><path d="M${width * 0.12} ${height * 0.14} q10 -8 20 0 q10 -8 20 0" stroke="${PALETTE.navy}" stroke-width="4" fill="none"/>`,
  );
}

/** The SVG of one demo image by its catalogue key, at the given size. */
export function demoArtSvg(key: string, canvas: Canvas): string {
  if (key === 'dock-hero') return coast(canvas, true);
  if (key === 'coast') return coast(canvas, false);
  const draw = DRAWINGS[key] ?? DISH_DRAWINGS[key];
  if (!draw) throw new Error(`No drawing for demo image ${key}`);
  return draw(canvas);
}
