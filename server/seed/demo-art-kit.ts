/**
 * The drawing kit shared by the demo illustrations (demo-art.ts, demo-art-dishes.ts): the brand
 * palette of ../shared/DESIGN.md plus a few food colours, the SVG wrapper, and the wooden table
 * with a plate seen from above that every dish is drawn on, so all pictures share one style.
 */
export const PALETTE = {
  lobster: '#C8102E',
  navy: '#0B2341',
  sand: '#F6F0E6',
  shore: '#E4EEF1',
  teal: '#0E8A9A',
  ink: '#1C1C1C',
  gold: '#E9B949',
  crust: '#C98A3A',
  wood: '#8C5A35',
  woodDark: '#6E4426',
  cream: '#FFF8EC',
  green: '#7BA23F',
  lime: '#C9DB74',
  salmon: '#F08A5D',
  white: '#FFFFFF',
};

export type Canvas = { width: number; height: number };

export const svg = ({ width, height }: Canvas, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Planks of a wooden table seen from above, filling the canvas. */
export function woodTable({ width, height }: Canvas): string {
  const planks = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect y="${(i * height) / 6}" width="${width}" height="${height / 6 - 4}" fill="${i % 2 ? PALETTE.wood : PALETTE.woodDark}"/>`,
  ).join('');
  return `<rect width="${width}" height="${height}" fill="${PALETTE.woodDark}"/>${planks}`;
}

/** A wooden table seen from above, with a plate in the middle; `food` is drawn on the plate. */
export function plated(
  canvas: Canvas,
  food: (cx: number, cy: number, r: number) => string,
  cloth = PALETTE.teal,
): string {
  const { width, height } = canvas;
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.36;
  return svg(
    canvas,
    `${woodTable(canvas)}
<path d="M0 ${height * 0.72} L${width * 0.28} ${height} H0 Z" fill="${cloth}" opacity="0.9"/>
<path d="M0 ${height * 0.8} L${width * 0.2} ${height}" stroke="${PALETTE.white}" stroke-width="10" opacity="0.6"/>
<ellipse cx="${cx + 14}" cy="${cy + 18}" rx="${r * 1.04}" ry="${r * 1.04}" fill="${PALETTE.ink}" opacity="0.25"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${PALETTE.white}"/>
<circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="${PALETTE.cream}"/>
${food(cx, cy, r)}
<g transform="translate(${width * 0.86} ${height * 0.22}) rotate(20)"><rect x="-10" y="-120" width="20" height="240" rx="10" fill="${PALETTE.shore}"/><rect x="-26" y="-170" width="52" height="70" rx="16" fill="${PALETTE.shore}"/></g>
<g transform="translate(${width * 0.14} ${height * 0.2})"><circle r="${r * 0.18}" fill="${PALETTE.gold}"/><circle r="${r * 0.13}" fill="#F3D36B"/><path d="M${-r * 0.13} 0 H${r * 0.13} M0 ${-r * 0.13} V${r * 0.13}" stroke="${PALETTE.gold}" stroke-width="4"/></g>`,
  );
}

export const lemon = (x: number, y: number, r: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.62}" fill="${PALETTE.gold}" transform="rotate(-25 ${x} ${y})"/><ellipse cx="${x}" cy="${y}" rx="${r * 0.7}" ry="${r * 0.4}" fill="#F7DC7A" transform="rotate(-25 ${x} ${y})"/>`;

export const greens = (x: number, y: number, r: number) =>
  Array.from(
    { length: 7 },
    (_, i) =>
      `<rect x="${x + i * r * 0.16}" y="${y - i * r * 0.05}" width="${r * 0.09}" height="${r * 0.62}" rx="${r * 0.04}" fill="${PALETTE.green}" transform="rotate(${-30 + i * 4} ${x} ${y})"/>`,
  ).join('');
