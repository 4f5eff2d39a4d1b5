import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import type { AssetManifest } from '../server/ssr/assets';
import { writeIconSprite } from './icon-sprite';

export const ROOT = join(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
export const PUBLIC_URL = '/static/assets/';
export const PUBLIC_ASSETS = join(DIST, 'public/assets');

export const clientBuildOptions = (production: boolean): esbuild.BuildOptions => ({
  entryPoints: {
    hydrate: join(ROOT, 'client/hydrate.tsx'),
    site: join(ROOT, 'client/styles/site.css'),
    admin: join(ROOT, 'client/admin/admin.css'),
    'admin-editor': join(ROOT, 'client/admin/editor.tsx'),
    'admin-uploads': join(ROOT, 'client/admin/uploads.ts'),
    'admin-shell': join(ROOT, 'client/admin/shell.ts'),
    'admin-preview-checks': join(ROOT, 'client/admin/preview-checks/in-frame.ts'),
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: ['es2022', 'chrome111', 'firefox111', 'safari16'],
  outdir: join(DIST, 'public/assets'),
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  publicPath: PUBLIC_URL,
  jsx: 'automatic',
  minify: production,
  sourcemap: production ? 'linked' : 'inline',
  metafile: true,
  loader: { '.woff2': 'file', '.woff': 'file', '.svg': 'file', '.png': 'file' },
  // BROWSER_BUNDLE: server-only render paths in views/ (pre-rendered markup) drop out of the bundle.
  define: {
    'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
    'process.env.BROWSER_BUNDLE': '"1"',
  },
  logLevel: 'warning',
});

/**
 * Body text and headings (client/styles/fonts.css): preloading them lets the first paint use
 * them on a fast connection, so the swap from the fallback face rarely happens at all.
 */
const PRELOADED_FONTS = /\/(source-sans-3-latin-400-normal|merriweather-latin-700-normal)-\w+\.woff2$/;

/**
 * Turns esbuild's metafile into the manifest the server reads: the hydrate entry, the
 * stylesheets, and for each template (views/templates/<Name>.tsx) and block type
 * (views/blocks/<type>/Block.tsx) its chunk and static imports.
 */
export function manifestFromMetafile(metafile: esbuild.Metafile): AssetManifest {
  const outputs = metafile.outputs;
  const urlOf = (outputPath: string) =>
    PUBLIC_URL + relative(join(DIST, 'public/assets'), join(ROOT, outputPath)).split('\\').join('/');
  const staticImports = (outputPath: string, seen = new Set<string>()): string[] => {
    for (const imported of outputs[outputPath]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return [...seen];
  };
  let hydrate: AssetManifest['hydrate'] | undefined;
  let adminEditor: AssetManifest['adminEditor'];
  let adminUploads: string | undefined;
  let adminShell: string | undefined;
  let adminPreviewChecks: string | undefined;
  const styles: string[] = [];
  const adminStyles: string[] = [];
  const fontPreload: string[] = [];
  const templates: AssetManifest['templates'] = {};
  const blocks: AssetManifest['blocks'] = {};
  for (const [outputPath, output] of Object.entries(outputs)) {
    if (outputPath.endsWith('.map')) continue;
    if (PRELOADED_FONTS.test(outputPath)) fontPreload.push(urlOf(outputPath));
    const entry = output.entryPoint ?? '';
    // The back office's stylesheet stays off public pages, and theirs off the back office.
    if (outputPath.endsWith('.css') && entry.includes('client/admin/')) adminStyles.push(urlOf(outputPath));
    else if (outputPath.endsWith('.css') && entry) styles.push(urlOf(outputPath));
    if (!outputPath.endsWith('.js')) continue;
    if (entry.endsWith('client/hydrate.tsx')) {
      hydrate = { file: urlOf(outputPath), preload: staticImports(outputPath).map(urlOf) };
    }
    // The back office's block editor: loaded only on edit screens.
    if (entry.endsWith('client/admin/editor.tsx'))
      adminEditor = { file: urlOf(outputPath), preload: staticImports(outputPath).map(urlOf) };
    // The multiple upload screens' progress script.
    if (entry.endsWith('client/admin/uploads.ts')) adminUploads = urlOf(outputPath);
    // The sidebar toggle: every screen inside the admin shell.
    if (entry.endsWith('client/admin/shell.ts')) adminShell = urlOf(outputPath);
    // axe-core, loaded by the edit screen into its live preview frame for the accessibility checks.
    if (entry.endsWith('client/admin/preview-checks/in-frame.ts')) adminPreviewChecks = urlOf(outputPath);
    const template = /views\/templates\/(\w+)\.tsx$/.exec(entry)?.[1];
    if (template) templates[template] = { file: urlOf(outputPath), preload: staticImports(outputPath).map(urlOf) };
    // A block's chunk (client/block-loaders.ts): its folder is its type with dashes.
    const block = /views\/blocks\/([\w-]+)\/Block\.tsx$/.exec(entry)?.[1];
    if (block)
      blocks[block.replaceAll('-', '_')] = { file: urlOf(outputPath), preload: staticImports(outputPath).map(urlOf) };
  }
  if (!hydrate) throw new Error('The build produced no hydrate entry');
  return {
    hydrate,
    styles,
    adminStyles,
    fontPreload,
    templates,
    blocks,
    ...(adminEditor ? { adminEditor } : {}),
    ...(adminUploads ? { adminUploads } : {}),
    ...(adminShell ? { adminShell } : {}),
    ...(adminPreviewChecks ? { adminPreviewChecks } : {}),
  };
}

export async function buildClient(production: boolean): Promise<AssetManifest> {
  await rm(join(DIST, 'public/assets'), { recursive: true, force: true });
  const result = await esbuild.build(clientBuildOptions(production));
  const manifest = {
    ...manifestFromMetafile(result.metafile!),
    adminIcons: await writeIconSprite(join(DIST, 'public/assets'), PUBLIC_URL),
  };
  await mkdir(DIST, { recursive: true });
  await writeFile(join(DIST, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await writeFile(join(DIST, 'client-metafile.json'), JSON.stringify(result.metafile));
  if (production) await precompressAssets(join(DIST, 'public/assets'));
  return manifest;
}

/** The server bundle Procfile runs (dist/server/main.js, release.js), written to `outdir`. */
export const serverBuildOptions = (outdir = join(DIST, 'server')): esbuild.BuildOptions => ({
  entryPoints: {
    main: join(ROOT, 'server/main.ts'),
    release: join(ROOT, 'server/release.ts'),
    // The base map's geodata worker (server/modules/maps/geodata-loader.ts), for a dist/ without its data file.
    'base-map-worker': join(ROOT, 'server/modules/maps/geodata-worker.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir,
  jsx: 'automatic',
  // The server-only render paths in views/ stay, without reading the environment per render.
  define: { 'process.env.BROWSER_BUNDLE': '"0"' },
  sourcemap: 'linked',
  logLevel: 'warning',
});

export async function buildServer(): Promise<void> {
  await esbuild.build(serverBuildOptions());
}

/** Text files worth compressing; fonts and images are compressed already. */
export const COMPRESSIBLE_ASSET = /\.(js|mjs|css|map|svg|json|txt|html|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` next to every text asset (at the highest levels: done once
 * per build, not per request). The server picks one by the request's Accept-Encoding
 * (server/cache/static-assets.ts); a variant that would not be smaller is not written.
 */
export async function precompressAssets(dir: string): Promise<number> {
  let written = 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE_ASSET.test(entry.name))
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        const data = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: entry.name.endsWith('.map') ? 5 : 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzipAsync(data, { level: 9 }),
        ]);
        if (br.length < data.length) {
          await writeFile(`${file}.br`, br);
          written++;
        }
        if (gz.length < data.length) {
          await writeFile(`${file}.gz`, gz);
          written++;
        }
      }),
  );
  return written;
}
