import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Metafile } from 'esbuild';
import { DIST_DIR } from '../../server/paths';
import { loadAssetManifest, scriptsFor } from '../../server/ssr/assets';

/**
 * The rich text editor (TipTap/ProseMirror, ~130 KB gzipped) is a chunk the block editor imports
 * on demand: no public page and no admin screen loads it up front. Reads the production build
 * (`npm test` builds it first).
 */
describe('rich text editor bundle', () => {
  const EDITOR_CODE = /node_modules\/(@tiptap|prosemirror-[a-z]+|linkifyjs)\//;
  const outputKey = (url: string) => `dist/public${url.replace('/static', '')}`;

  it('is in no script a page loads up front, public or admin', () => {
    const metafile = JSON.parse(readFileSync(join(DIST_DIR, 'client-metafile.json'), 'utf8')) as Metafile;
    const manifest = loadAssetManifest();
    const upFront = [
      ...Object.keys(manifest.templates).flatMap((template) => {
        const { entry, preload } = scriptsFor(manifest, template);
        return [entry, ...preload];
      }),
      manifest.adminEditor!.file,
      ...manifest.adminEditor!.preload,
    ];
    const offenders = upFront.filter((url) => Object.keys(metafile.outputs[outputKey(url)]?.inputs ?? {}).some((input) => EDITOR_CODE.test(input)));
    expect(offenders).to.deep.equal([]);
  });

  it('is a chunk the block editor imports dynamically', () => {
    const metafile = JSON.parse(readFileSync(join(DIST_DIR, 'client-metafile.json'), 'utf8')) as Metafile;
    const manifest = loadAssetManifest();
    const editorOutputs = [manifest.adminEditor!.file, ...manifest.adminEditor!.preload].map(outputKey);
    const dynamic = editorOutputs.flatMap((key) => (metafile.outputs[key]?.imports ?? []).filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path));
    const withEditor = dynamic.filter((key) => Object.keys(metafile.outputs[key]?.inputs ?? {}).some((input) => input.endsWith('client/admin/rich-text/RichTextEditor.tsx')));
    expect(withEditor).to.have.length(1);
  });
});
