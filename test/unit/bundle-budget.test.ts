import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Metafile } from 'esbuild';
import { DIST_DIR } from '../../server/paths';
import { loadAssetManifest, scriptsFor } from '../../server/ssr/assets';
import { javascriptBytesPerTemplate } from '../../scripts/bench/js-bytes';

/**
 * Byte budgets of the production browser build (built by `npm test` before the tests run).
 * Sizes, not timings: they are deterministic for a given build.
 */
describe('browser bundle budget', () => {
  const CONTENT_TEMPLATES = ['HomePage', 'ExamplePage', 'UtilityPage'];
  const BUDGET_BYTES = 90 * 1024;

  // The template and the site's chrome, before any block: each page's blocks come on top
  // (test/integration/page-javascript-budget.test.ts measures the pages themselves).
  it(`keeps content templates, without their blocks, at or under 90 KB of gzipped JavaScript, React included`, () => {
    const sizes = javascriptBytesPerTemplate().filter((row) => CONTENT_TEMPLATES.includes(row.template));
    expect(sizes.map((row) => row.template)).to.have.members(CONTENT_TEMPLATES);
    for (const row of sizes) expect(row.gzipBytes, row.template).to.be.at.most(BUDGET_BYTES);
  });

  // Phone numbers are checked by the server (libphonenumber's metadata is most of its weight).
  it('ships no schema library, no react-aria and no phone-number metadata to the public templates', () => {
    const metafile = JSON.parse(readFileSync(join(DIST_DIR, 'client-metafile.json'), 'utf8')) as Metafile;
    const manifest = loadAssetManifest();
    const offenders: string[] = [];
    for (const template of Object.keys(manifest.templates)) {
      const { entry, preload } = scriptsFor(manifest, template);
      for (const url of [entry, ...preload]) {
        const output = metafile.outputs[`dist/public${url.replace('/static', '')}`];
        expect(output, url).to.not.equal(undefined);
        for (const input of Object.keys(output!.inputs)) {
          const banned = /node_modules\/(zod|react-aria|react-aria-components|@react-aria|libphonenumber-js)\//.exec(
            input,
          );
          if (banned) offenders.push(`${template}: ${banned[1]}`);
        }
      }
    }
    expect([...new Set(offenders)]).to.deep.equal([]);
  });
});
