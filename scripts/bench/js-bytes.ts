import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadAssetManifest, scriptsFor } from '../../server/ssr/assets';
import { PUBLIC_ASSETS_DIR } from '../../server/paths';

/** Gzipped JavaScript a visitor downloads for each template: entry, template chunk and imports. */
export function javascriptBytesPerTemplate(): Array<{ template: string; files: number; gzipBytes: number }> {
  const manifest = loadAssetManifest();
  const fileBytes = (url: string) =>
    gzipSync(readFileSync(join(PUBLIC_ASSETS_DIR, url.replace('/static/', '')))).length;
  return Object.keys(manifest.templates)
    .sort()
    .map((template) => {
      const { entry, preload } = scriptsFor(manifest, template);
      const files = [entry, ...preload];
      return { template, files: files.length, gzipBytes: files.reduce((sum, url) => sum + fileBytes(url), 0) };
    });
}
