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
      // The sidebar toggle, on every admin screen.
      ...(manifest.adminShell ? [manifest.adminShell] : []),
    ];
    const offenders = upFront.filter((url) =>
      Object.keys(metafile.outputs[outputKey(url)]?.inputs ?? {}).some((input) => EDITOR_CODE.test(input)),
    );
    expect(offenders).to.deep.equal([]);
  });

  it('keeps the admin scripts off public pages (the sidebar toggle is one small file of its own)', () => {
    const metafile = JSON.parse(readFileSync(join(DIST_DIR, 'client-metafile.json'), 'utf8')) as Metafile;
    const manifest = loadAssetManifest();
    const publicScripts = [
      manifest.hydrate.file,
      ...manifest.hydrate.preload,
      ...Object.keys(manifest.templates).flatMap((template) => Object.values(scriptsFor(manifest, template)).flat()),
    ];
    const adminCode = publicScripts.filter((url) =>
      Object.keys(metafile.outputs[outputKey(url)]?.inputs ?? {}).some((input) => input.includes('client/admin/')),
    );
    expect(adminCode).to.deep.equal([]);
    expect(manifest.adminShell).to.be.a('string');
    // No library (React and React Aria are the editor's): the shell and what it imports are our own few lines.
    const shell = metafile.outputs[outputKey(manifest.adminShell!)];
    const shellInputs = [shell, ...(shell?.imports ?? []).map((imported) => metafile.outputs[imported.path])].flatMap(
      (output) => Object.keys(output?.inputs ?? {}),
    );
    expect(shellInputs.filter((input) => input.includes('node_modules'))).to.deep.equal([]);
  });

  it('is a chunk the block editor imports dynamically', () => {
    const metafile = JSON.parse(readFileSync(join(DIST_DIR, 'client-metafile.json'), 'utf8')) as Metafile;
    const manifest = loadAssetManifest();
    const editorOutputs = [manifest.adminEditor!.file, ...manifest.adminEditor!.preload].map(outputKey);
    const dynamic = editorOutputs.flatMap((key) =>
      (metafile.outputs[key]?.imports ?? [])
        .filter((imported) => imported.kind === 'dynamic-import')
        .map((imported) => imported.path),
    );
    const withEditor = dynamic.filter((key) =>
      Object.keys(metafile.outputs[key]?.inputs ?? {}).some((input) =>
        input.endsWith('client/admin/rich-text/RichTextEditor.tsx'),
      ),
    );
    expect(withEditor).to.have.length(1);
  });
});
