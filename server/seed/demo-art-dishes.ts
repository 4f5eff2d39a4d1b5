import { lemon, PALETTE, plated, svg, woodTable, type Canvas } from './demo-art-kit';

/**
 * The dishes the home page and the menu show besides the first set in demo-art.ts: the big
 * seafood platter of the home page's hero, a whole lobster, a shrimp cocktail, calamari, a
 * chocolate cake and a gift card. Same table, plate and palette as the others (demo-art-kit.ts).
 */
const SHELL_DARK = '#9E0D24';
const SHELL_LIGHT = '#E8553F';

/** A whole lobster seen from above, claws forward; `size` is its length from claw tips to tail. */
function lobster(x: number, y: number, size: number, angle = 0, notch: string = PALETTE.cream): string {
  const side = (mirror: 1 | -1) => {
    const m = (value: number) => value * mirror;
    const legs = Array.from(
      { length: 4 },
      (_, i) =>
        `<path d="M${m(-30)} ${-40 + i * 25} L${m(-95)} ${-60 + i * 37} L${m(-112)} ${-20 + i * 35}" stroke="${SHELL_DARK}" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    ).join('');
    return `${legs}<path d="M${m(-12)} -112 C${m(-60)} -230 ${m(-150)} -250 ${m(-185)} -175" stroke="${SHELL_DARK}" stroke-width="5" fill="none" stroke-linecap="round"/>
<path d="M${m(-25)} -78 Q${m(-75)} -98 ${m(-85)} -140" stroke="${PALETTE.lobster}" stroke-width="24" fill="none" stroke-linecap="round"/>
<g transform="translate(${m(-98)} -190) rotate(${m(-14)})"><ellipse rx="44" ry="64" fill="${PALETTE.lobster}"/><ellipse cx="${m(-12)}" cy="-6" rx="14" ry="30" fill="${SHELL_LIGHT}" opacity="0.7"/><path d="M${m(-4)} -66 L${m(8)} -12 L${m(24)} -58 Z" fill="${notch}"/></g>`;
  };
  const tail = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${-(72 - i * 7) / 2}" y="${58 + i * 26}" width="${72 - i * 7}" height="30" rx="13" fill="${i % 2 ? PALETTE.lobster : SHELL_DARK}"/>`,
  ).join('');
  const fan = [-40, -20, 0, 20, 40]
    .map(
      (dx) =>
        `<ellipse cx="${dx}" cy="212" rx="17" ry="34" fill="${dx === 0 ? PALETTE.lobster : SHELL_LIGHT}" transform="rotate(${dx / 1.5} ${dx} 190)"/>`,
    )
    .join('');
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${size / 470})">${side(1)}${side(-1)}${tail}${fan}
<ellipse cx="0" cy="-10" rx="52" ry="88" fill="${PALETTE.lobster}"/><ellipse cx="-8" cy="-22" rx="18" ry="58" fill="${SHELL_LIGHT}" opacity="0.65"/>
<path d="M-30 -82 L0 -135 L30 -82 Z" fill="${PALETTE.lobster}"/><circle cx="-14" cy="-104" r="7" fill="${PALETTE.ink}"/><circle cx="14" cy="-104" r="7" fill="${PALETTE.ink}"/></g>`;
}

/** A peeled shrimp curled into a C, tail fin at the end. */
function shrimp(x: number, y: number, r: number, angle: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0 a${r} ${r} 0 1 1 ${r * 1.6} ${r * 0.7}" stroke="${PALETTE.salmon}" stroke-width="${r * 0.75}" fill="none" stroke-linecap="round"/>
<path d="M${r * 0.2} ${-r * 0.6} a${r * 0.7} ${r * 0.7} 0 0 1 ${r * 1.1} ${r * 0.2}" stroke="#F7B08C" stroke-width="${r * 0.2}" fill="none" stroke-linecap="round"/>
<path d="M${r * 1.6} ${r * 0.7} l${r * 0.55} ${r * 0.45} l${r * 0.15} ${-r * 0.65} Z" fill="${PALETTE.lobster}"/></g>`;
}

/** A cluster of snow crab legs, three segments each, fanned from one point. */
function crabCluster(x: number, y: number, r: number, angles: number[]): string {
  return angles
    .map((angle, i) => {
      const length = r * (i % 2 ? 1 : 0.88);
      const segments = Array.from(
        { length: 3 },
        (_, j) =>
          `<rect x="${j * length * 0.34}" y="${-r * 0.08}" width="${length * 0.32}" height="${r * 0.16}" rx="${r * 0.08}" fill="${j % 2 ? '#D9432F' : PALETTE.lobster}"/><circle cx="${j * length * 0.34}" cy="0" r="${r * 0.09}" fill="#F2A65A"/>`,
      ).join('');
      return `<g transform="translate(${x} ${y}) rotate(${angle})">${segments}</g>`;
    })
    .join('');
}

/** A small dish of melted butter or sauce. */
const cup = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x + r * 0.12}" cy="${y + r * 0.15}" r="${r}" fill="${PALETTE.ink}" opacity="0.2"/><circle cx="${x}" cy="${y}" r="${r}" fill="${PALETTE.white}"/><circle cx="${x}" cy="${y}" r="${r * 0.74}" fill="${fill}"/><ellipse cx="${x - r * 0.25}" cy="${y - r * 0.25}" rx="${r * 0.22}" ry="${r * 0.12}" fill="${PALETTE.white}" opacity="0.5"/>`;

const parsley = (cx: number, cy: number, r: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<circle cx="${cx + Math.cos(i * 2.4) * r * (0.2 + (i % 4) * 0.12)}" cy="${cy + Math.sin(i * 2.4) * r * (0.2 + (i % 4) * 0.12)}" r="${r * 0.022}" fill="${PALETTE.green}"/>`,
  ).join('');

/** The home page's lead picture: an oval platter with a lobster, crab legs, shrimp and lemons. */
function platter(canvas: Canvas): string {
  const { width, height } = canvas;
  const cx = width / 2;
  const cy = height / 2;
  const rx = width * 0.43;
  const ry = height * 0.4;
  const u = Math.min(width, height);
  const shrimpArc = Array.from({ length: 6 }, (_, i) => {
    const a = ((-55 + i * 22) * Math.PI) / 180;
    return shrimp(cx + rx * 0.64 * Math.cos(a), cy + ry * 0.64 * Math.sin(a), u * 0.03, 150 + i * 22);
  }).join('');
  return svg(
    canvas,
    `${woodTable(canvas)}
<path d="M${width} ${height * 0.62} L${width * 0.74} ${height} H${width} Z" fill="${PALETTE.teal}" opacity="0.9"/>
<path d="M${width} ${height * 0.72} L${width * 0.82} ${height}" stroke="${PALETTE.white}" stroke-width="10" opacity="0.6"/>
<ellipse cx="${cx + 16}" cy="${cy + 22}" rx="${rx}" ry="${ry}" fill="${PALETTE.ink}" opacity="0.28"/>
<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#C7CED3"/><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.93}" ry="${ry * 0.9}" fill="${PALETTE.shore}"/>
${crabCluster(cx - rx * 0.4, cy + ry * 0.05, u * 0.2, [128, 154, 180, 206, 232])}
${lobster(cx + rx * 0.04, cy + ry * 0.02, u * 0.64, -8, PALETTE.shore)}
${shrimpArc}
${lemon(cx + rx * 0.2, cy + ry * 0.72, u * 0.06)}${lemon(cx - rx * 0.35, cy - ry * 0.72, u * 0.055)}${lemon(cx + rx * 0.78, cy + ry * 0.3, u * 0.05)}
${cup(cx + rx * 0.7, cy - ry * 0.55, u * 0.07, PALETTE.gold)}${cup(cx - rx * 0.72, cy + ry * 0.66, u * 0.06, PALETTE.gold)}
${parsley(cx, cy, u * 0.6, 16)}
<g transform="translate(${width * 0.06} ${height * 0.12}) rotate(-30)"><rect x="-8" y="-110" width="16" height="220" rx="8" fill="${PALETTE.shore}"/><path d="M-18 -110 V-170 M-6 -110 V-175 M6 -110 V-175 M18 -110 V-170" stroke="${PALETTE.shore}" stroke-width="8" stroke-linecap="round"/></g>`,
  );
}

export const DISH_DRAWINGS: Record<string, (canvas: Canvas) => string> = {
  platter,
  'whole-lobster': (canvas) =>
    plated(
      canvas,
      (cx, cy, r) =>
        `${lobster(cx - r * 0.05, cy - r * 0.05, r * 1.75, 30)}${cup(cx + r * 0.55, cy + r * 0.5, r * 0.16, PALETTE.gold)}${lemon(cx - r * 0.55, cy + r * 0.45, r * 0.15)}`,
      PALETTE.lobster,
    ),
  'shrimp-cocktail': (canvas) =>
    plated(canvas, (cx, cy, r) => {
      const ring = Array.from({ length: 8 }, (_, i) => {
        const a = (i / 8) * Math.PI * 2;
        return shrimp(cx + Math.cos(a) * r * 0.5, cy + Math.sin(a) * r * 0.5, r * 0.09, (a * 180) / Math.PI + 60);
      }).join('');
      const leaves = Array.from(
        { length: 6 },
        (_, i) =>
          `<ellipse cx="${cx + Math.cos(i) * r * 0.45}" cy="${cy + Math.sin(i) * r * 0.45}" rx="${r * 0.22}" ry="${r * 0.12}" fill="${i % 2 ? PALETTE.green : PALETTE.lime}" transform="rotate(${i * 57} ${cx + Math.cos(i) * r * 0.45} ${cy + Math.sin(i) * r * 0.45})"/>`,
      ).join('');
      return `${leaves}<circle cx="${cx}" cy="${cy}" r="${r * 0.36}" fill="${PALETTE.shore}" stroke="${PALETTE.white}" stroke-width="${r * 0.05}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.22}" fill="${PALETTE.lobster}"/><circle cx="${cx - r * 0.06}" cy="${cy - r * 0.06}" r="${r * 0.06}" fill="#F2F0E6"/>${ring}${lemon(cx + r * 0.62, cy - r * 0.55, r * 0.14)}`;
    }),
  calamari: (canvas) =>
    plated(
      canvas,
      (cx, cy, r) => {
        const rings = Array.from({ length: 16 }, (_, i) => {
          const a = i * 2.4;
          const d = r * (0.12 + (i % 5) * 0.09);
          const x = cx - r * 0.12 + Math.cos(a) * d;
          const y = cy + Math.sin(a) * d;
          return `<ellipse cx="${x}" cy="${y}" rx="${r * 0.11}" ry="${r * 0.09}" fill="none" stroke="#B8772C" stroke-width="${r * 0.06}" transform="rotate(${i * 23} ${x} ${y})"/><ellipse cx="${x}" cy="${y}" rx="${r * 0.11}" ry="${r * 0.09}" fill="none" stroke="${PALETTE.gold}" stroke-width="${r * 0.04}" transform="rotate(${i * 23} ${x} ${y})"/>`;
        }).join('');
        return `${rings}${cup(cx + r * 0.5, cy + r * 0.38, r * 0.2, PALETTE.lobster)}${lemon(cx + r * 0.48, cy - r * 0.45, r * 0.15)}${parsley(cx - r * 0.1, cy, r, 12)}`;
      },
      PALETTE.navy,
    ),
  'chocolate-cake': (canvas) =>
    plated(
      canvas,
      (cx, cy, r) =>
        `<path d="M${cx - r * 0.5} ${cy + r * 0.1} Q${cx - r * 0.55} ${cy - r * 0.45} ${cx - r * 0.05} ${cy - r * 0.48} Q${cx + r * 0.5} ${cy - r * 0.5} ${cx + r * 0.52} ${cy} Q${cx + r * 0.55} ${cy + r * 0.5} ${cx} ${cy + r * 0.5} Q${cx - r * 0.48} ${cy + r * 0.52} ${cx - r * 0.5} ${cy + r * 0.1} Z" fill="#5C2E1A"/>
<circle cx="${cx - r * 0.08}" cy="${cy - r * 0.02}" r="${r * 0.3}" fill="#3B1D12"/><circle cx="${cx - r * 0.08}" cy="${cy - r * 0.02}" r="${r * 0.2}" fill="#4E2716"/><path d="M${cx - r * 0.2} ${cy - r * 0.08} l${r * 0.1} ${r * 0.06} l${r * 0.08} ${-r * 0.05} l${r * 0.09} ${r * 0.07}" stroke="#2A140C" stroke-width="${r * 0.025}" fill="none"/>
<circle cx="${cx + r * 0.32}" cy="${cy + r * 0.26}" r="${r * 0.16}" fill="${PALETTE.cream}" stroke="#EFE3CC" stroke-width="${r * 0.03}"/><circle cx="${cx + r * 0.28}" cy="${cy + r * 0.22}" r="${r * 0.05}" fill="${PALETTE.white}"/>
${[
  [-0.35, 0.3],
  [-0.2, 0.38],
  [0.38, -0.28],
]
  .map(
    ([dx, dy]) =>
      `<circle cx="${cx + dx! * r}" cy="${cy + dy! * r}" r="${r * 0.06}" fill="${PALETTE.lobster}"/><circle cx="${cx + dx! * r - r * 0.02}" cy="${cy + dy! * r - r * 0.02}" r="${r * 0.015}" fill="${PALETTE.white}" opacity="0.7"/>`,
  )
  .join('')}
<ellipse cx="${cx + r * 0.2}" cy="${cy - r * 0.38}" rx="${r * 0.08}" ry="${r * 0.04}" fill="${PALETTE.green}" transform="rotate(-30 ${cx + r * 0.2} ${cy - r * 0.38})"/>`,
      PALETTE.lobster,
    ),
  'gift-card': (canvas) => {
    const { width, height } = canvas;
    const u = Math.min(width, height);
    const cardW = u * 0.78;
    const cardH = cardW * 0.63;
    return svg(
      canvas,
      `${woodTable(canvas)}
<g transform="translate(${width * 0.62} ${height * 0.58}) rotate(10)"><rect x="${-cardW * 0.55}" y="${-cardH * 0.6}" width="${cardW * 1.1}" height="${cardH * 1.2}" fill="${PALETTE.sand}"/><path d="M${-cardW * 0.55} ${-cardH * 0.6} L0 ${cardH * 0.1} L${cardW * 0.55} ${-cardH * 0.6}" stroke="#D8CBB3" stroke-width="8" fill="none"/></g>
<g transform="translate(${width * 0.44} ${height * 0.46}) rotate(-8)">
<rect x="${-cardW / 2 + 14}" y="${-cardH / 2 + 18}" width="${cardW}" height="${cardH}" rx="${u * 0.03}" fill="${PALETTE.ink}" opacity="0.3"/>
<rect x="${-cardW / 2}" y="${-cardH / 2}" width="${cardW}" height="${cardH}" rx="${u * 0.03}" fill="${PALETTE.navy}"/>
<path d="M${-cardW / 2} ${cardH * 0.18} q${cardW / 8} ${-cardH * 0.1} ${cardW / 4} 0 t${cardW / 4} 0 t${cardW / 4} 0 t${cardW / 4} 0 V${cardH / 2 - u * 0.03} q0 ${u * 0.03} ${-u * 0.03} ${u * 0.03} H${-cardW / 2 + u * 0.03} q${-u * 0.03} 0 ${-u * 0.03} ${-u * 0.03} Z" fill="${PALETTE.teal}"/>
<path d="M${-cardW * 0.36} ${-cardH * 0.12} l${cardW * 0.06} ${-cardH * 0.16} l${cardW * 0.06} ${cardH * 0.16} Z" fill="${PALETTE.lobster}"/>
<path d="M${-cardW * 0.4} ${-cardH * 0.06} q${cardW * 0.05} ${-cardH * 0.06} ${cardW * 0.1} 0 t${cardW * 0.1} 0" stroke="${PALETTE.white}" stroke-width="${u * 0.012}" fill="none" stroke-linecap="round"/>
<rect x="${-cardW * 0.16}" y="${-cardH * 0.24}" width="${cardW * 0.5}" height="${cardH * 0.07}" rx="${cardH * 0.035}" fill="${PALETTE.white}"/>
<rect x="${-cardW * 0.16}" y="${-cardH * 0.1}" width="${cardW * 0.3}" height="${cardH * 0.05}" rx="${cardH * 0.025}" fill="${PALETTE.shore}" opacity="0.8"/>
<rect x="${cardW * 0.12}" y="${-cardH / 2}" width="${cardW * 0.08}" height="${cardH}" fill="${PALETTE.lobster}"/>
<g transform="translate(${cardW * 0.16} ${-cardH / 2})"><ellipse cx="${-u * 0.07}" cy="0" rx="${u * 0.08}" ry="${u * 0.045}" fill="${PALETTE.lobster}" transform="rotate(-20)"/><ellipse cx="${u * 0.07}" cy="0" rx="${u * 0.08}" ry="${u * 0.045}" fill="${PALETTE.lobster}" transform="rotate(20)"/><circle r="${u * 0.035}" fill="${SHELL_DARK}"/></g>
</g>
${lemon(width * 0.12, height * 0.8, u * 0.07)}`,
    );
  },
};
