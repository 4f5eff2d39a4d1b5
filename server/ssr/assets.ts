import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { DIST_DIR } from '../paths';

/** Written by scripts/build.ts from esbuild's metafile: which files each page needs. */
export const assetManifestSchema = z.object({
  hydrate: z.object({ file: z.string(), preload: z.array(z.string()) }),
  styles: z.array(z.string()),
  /** Stylesheets of the back office (client/admin/), kept apart from the public ones. */
  adminStyles: z.array(z.string()).default([]),
  /** The two font files nearly every public page draws with first, preloaded from the head. */
  fontPreload: z.array(z.string()).default([]),
  templates: z.record(z.string(), z.object({ file: z.string(), preload: z.array(z.string()) })),
  /** Per block type, the chunk the browser loads when a page shows that block (client/block-loaders.ts). */
  blocks: z.record(z.string(), z.object({ file: z.string(), preload: z.array(z.string()) })).default({}),
  /** The back office's block editor entry (client/admin/editor.tsx). */
  adminEditor: z.object({ file: z.string(), preload: z.array(z.string()) }).optional(),
  /** The multiple upload screens' script (client/admin/uploads.ts). */
  adminUploads: z.string().optional(),
  /** The sidebar toggle, on every screen inside the admin shell (client/admin/shell.ts). */
  adminShell: z.string().optional(),
  /** axe-core for the live preview's accessibility checks (client/admin/preview-checks/in-frame.ts). */
  adminPreviewChecks: z.string().optional(),
  /** The back office's icon sprite (scripts/icon-sprite.ts from shared/admin/icons.ts). */
  adminIcons: z.string().optional(),
});
export type AssetManifest = z.infer<typeof assetManifestSchema>;

export function loadAssetManifest(distDir = DIST_DIR): AssetManifest {
  const file = join(distDir, 'manifest.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Missing ${file}: build the browser assets first (npm run build)`);
  }
  return assetManifestSchema.parse(JSON.parse(text));
}

/**
 * Module files to preload for a page: the hydrate entry, the template chunk, the chunks of the
 * block types it shows, and their imports.
 */
export function scriptsFor(
  manifest: AssetManifest,
  template: string,
  blockTypes: Iterable<string> = [],
): { entry: string; preload: string[] } {
  const chunks = [manifest.templates[template], ...[...blockTypes].map((type) => manifest.blocks[type])];
  const preload = new Set([
    ...manifest.hydrate.preload,
    ...chunks.flatMap((chunk) => (chunk ? [chunk.file, ...chunk.preload] : [])),
  ]);
  preload.delete(manifest.hydrate.file);
  return { entry: manifest.hydrate.file, preload: [...preload] };
}
