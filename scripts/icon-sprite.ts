import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { iconSymbolId, SPRITE_ICONS } from '../shared/admin/icons';

const LUCIDE_ICONS = join(import.meta.dirname, '../node_modules/lucide-static/icons');

/** lucide's drawing style: 2 px strokes in the text colour, nothing filled. */
const STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** A lucide icon file's drawing: what sits between its <svg ...> and </svg> (24 x 24, strokes in currentColor). */
export function symbolBody(svg: string, name: string): string {
  const body = /<svg\b[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
  if (!body) throw new Error(`lucide-static/icons/${name}.svg holds no <svg> drawing`);
  return body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One sprite of the back office's icons (shared/admin/icons.ts), each a <symbol> to <use>. */
export async function iconSprite(): Promise<string> {
  const symbols = await Promise.all(
    SPRITE_ICONS.map(async (name) => {
      const svg = await readFile(join(LUCIDE_ICONS, `${name}.svg`), 'utf8').catch(() => {
        throw new Error(`The admin icon '${name}' is not in lucide-static (shared/admin/icons.ts)`);
      });
      // The stroke style sits on each symbol: a <use> instance inherits from its own element, not the sprite.
      return `<symbol id="${iconSymbolId(name)}" viewBox="0 0 24 24" ${STROKE}>${symbolBody(svg, name)}</symbol>`;
    }),
  );
  return '<svg xmlns="http://www.w3.org/2000/svg"><!-- lucide-static, ISC licence -->' + symbols.join('') + '</svg>\n';
}

/** Writes the sprite into the public assets folder under a content hash; returns its URL. */
export async function writeIconSprite(assetsDir: string, publicUrl: string): Promise<string> {
  const sprite = await iconSprite();
  const hash = createHash('sha256').update(sprite).digest('base64url').slice(0, 8).toUpperCase();
  const name = `admin-icons-${hash}.svg`;
  await writeFile(join(assetsDir, name), sprite);
  return publicUrl + name;
}
