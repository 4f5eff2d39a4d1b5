import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import request from 'supertest';
import { PUBLIC_ASSETS_DIR } from '../../server/paths';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

/** Content pages: a body of blocks and the site's chrome, nothing else that needs the browser. */
const CONTENT_TEMPLATES = ['HomePage', 'ExamplePage', 'UtilityPage'];
const BUDGET_BYTES = 90 * 1024;
/** The staff's showcase of every block type at once: not a page visitors are sent to. */
const SHOWCASES = new Set(['/block-gallery/']);

/** The scripts a page makes the browser fetch: its module entry and every module preload. */
function scriptsOf(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
  const entries = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!);
  return [...new Set([...entries, ...preloads])];
}

const gzipBytes = (url: string) => gzipSync(readFileSync(join(PUBLIC_ASSETS_DIR, url.replace('/static/', '')))).length;

describe('JavaScript per content page (budget: 90 KB gzipped, React included)', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('keeps every published content page of both demo sites at or under the budget, blocks included', async () => {
    const pages = await t.db
      .selectFrom('pages')
      .innerJoin('sites', (join) => join.onTrue())
      .innerJoin('pages as root', 'root.id', 'sites.root_page_id')
      .select(['pages.url_path', 'pages.page_type', 'root.url_path as root_path', 'sites.hostname', 'sites.port'])
      .where('pages.live', '=', true)
      .where('pages.page_type', 'in', CONTENT_TEMPLATES)
      .execute();
    const measured: string[] = [];
    let heaviest = { page: '', bytes: 0 };
    for (const page of pages.filter((row) => row.url_path.startsWith(row.root_path))) {
      const path = `/${page.url_path.slice(page.root_path.length)}`;
      if (SHOWCASES.has(path)) continue;
      const html = (await request(t.app).get(path).set('Host', `${page.hostname}:${page.port}`).expect(200)).text;
      const scripts = scriptsOf(html);
      expect(scripts.length, `${page.hostname}${path} names its scripts`).to.be.above(3);
      const bytes = scripts.reduce((sum, url) => sum + gzipBytes(url), 0);
      measured.push(`${page.hostname}${path} (${page.page_type}): ${bytes}`);
      if (bytes > heaviest.bytes) heaviest = { page: `${page.hostname}${path}`, bytes };
      expect(bytes, `${page.hostname}${path} (${page.page_type})`).to.be.at.most(BUDGET_BYTES);
    }
    console.log(
      `      heaviest: ${heaviest.page}, ${(heaviest.bytes / 1024).toFixed(1)} KB, of ${measured.length} pages`,
    );
    // Both sites, each template: the query found the pages it is meant to.
    expect(measured.length, measured.join('\n')).to.be.above(10);
    for (const template of CONTENT_TEMPLATES)
      expect(measured.some((line) => line.includes(`(${template})`))).to.equal(true, template);
  });
});
