import { expect } from 'chai';
import { pageTypes } from '../../server/modules/pages/page-types';
import { csrfTokenIn } from '../helpers/admin';
import { linksInHtml } from '../helpers/crawler';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

/**
 * Developer language never reaches an editor: walks the back office's screens (one of each
 * shape of address) and their CSV exports, as the superuser, after a failed save and a form
 * submission, and fails on template class names, dotted JSON paths and zod's own phrases.
 */

/** Raw zod messages (zod 4's English locale): an editor should read a sentence written for them. */
const ZOD_PHRASES =
  /Too small: expected|Too big: expected|Invalid input: expected|Invalid option: expected|Unrecognized keys?:|Invalid string: must|expected string to have|Invalid enum value/;
/** 'body.0.value.image.renditions.0.url': a path into the JSON, not words. */
const JSON_PATH = /\b[a-z_]+\.\d+(?:\.[A-Za-z_0-9]+)+\b/;

/** A screen's readable text: what is shown and what assistive technology reads (not scripts or styles). */
export function readableText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]);
  const text = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, ' ')
    // A textarea holds what the user typed (the page body's JSON without JavaScript).
    .replace(/<textarea\b[^>]*>[\s\S]*?<\/textarea>/gi, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${text} ${attributes.join(' ')}`
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The developer language found in a screen's text, each with a little context. */
export function developerLanguageIn(text: string, classNames: readonly string[]): string[] {
  const found: string[] = [];
  const classPattern = new RegExp(`\\b(?:${classNames.join('|')})\\b`);
  for (const pattern of [ZOD_PHRASES, JSON_PATH, classPattern]) {
    const match = pattern.exec(text);
    if (match) found.push(text.slice(Math.max(0, match.index - 40), match.index + 60).replace(/\s+/g, ' '));
  }
  return found;
}

/** One address per shape: numbers become N, so 300 pages' edit screens are walked once. */
const shapeOf = (url: URL) =>
  `${url.pathname.replace(/\/\d+(?=\/)/g, '/N')}?${[...url.searchParams.keys()].sort().join('&')}`;

/** Addresses a walk must not GET: they sign out, or they are long-running or binary downloads. */
const SKIP =
  /\/logout\/|\/wagtail\/(?:images|documents|videos)\/.*(?:\/file\/|\/serve\/)|\/preview\/|\.(?:png|jpe?g|webp|avif|gif|svg|css|js|pdf|mp4|vtt|woff2?)$/;

describe('back office: no developer language on any screen or export', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const classNames = () => [...pageTypes.keys()].filter((name) => /^[A-Z][a-z]+[A-Z]/.test(name));

  it('lists page types by name in the reports', async () => {
    const html = (await agent.get('/wagtail/reports/aging-pages/').expect(200)).text;
    expect(developerLanguageIn(readableText(html), classNames())).to.deep.equal([]);
  });

  it('says what is wrong in words after a failed save (no zod text, no JSON path)', async () => {
    const page = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'ExamplePage')
      .executeTakeFirstOrThrow();
    const form = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    const body = JSON.stringify({
      body: [{ type: 'image_link', id: 'b1', value: { image: { id: 'x', renditions: [{}] }, link: { url: '' } } }],
    });
    const save = (fields: Record<string, string>) =>
      agent
        .post(`/wagtail/pages/${page.id}/edit/`)
        .type('form')
        .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), slug: 'x', content_json: body, ...fields });
    // A missing title: said on the field and linked from the summary, in words.
    const untitled = await save({ title: '', 'action-publish': 'action-publish' }).expect(400);
    expect(untitled.text).to.include('<a href="#id_title" data-error-link="true">Title: This field is required.</a>');
    // A block whose chosen image is incomplete: one thing to do, on the block's field.
    const text = readableText(
      (await save({ title: 'Still here', 'action-publish': 'action-publish' }).expect(400)).text,
    );
    expect(developerLanguageIn(text, classNames())).to.deep.equal([]);
    expect(text).to.include('Body, block 1 (Image link)');
    expect(text).to.include('Image: Choose an image.');
  });

  it('lists form submissions and their export under the labels of the form, not its keys', async () => {
    const page = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'ContactUsPage')
      .executeTakeFirstOrThrow();
    const site = await t.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('form_submissions')
      .values({
        page_id: page.id,
        form: 'contact',
        site_id: site.id,
        language_code: 'en',
        data: JSON.stringify({
          question_category: 'feedback',
          question_category_label: 'Feedback',
          topic: 'feedback/food',
          topic_label: 'Food quality',
          first_name: 'Ada',
          email: 'ada@example.com',
          message: 'Lovely chowder.',
        }),
      })
      .execute();
    const csv = (await agent.get(`/wagtail/forms/submissions/${page.id}/?export=csv`).expect(200)).text;
    const header = csv.split(/\r?\n/)[0]!;
    expect(header).to.include('Category').and.to.include('Topic').and.to.include('First name');
    expect(header).not.to.match(/question_category|topic_label|first_name/);
    expect(csv).to.include('Feedback').and.not.to.include('feedback/food');
    const list = readableText((await agent.get(`/wagtail/forms/submissions/${page.id}/`).expect(200)).text);
    expect(list).not.to.match(/question_category|topic_label/);
  });

  it('walks every screen shape and export without finding any', async function () {
    this.timeout(600_000);
    const seen = new Set<string>();
    const queue = ['/wagtail/'];
    const problems: string[] = [];
    let fetched = 0;
    while (queue.length > 0 && fetched < 600) {
      const path = queue.shift()!;
      fetched += 1;
      const res = await agent.get(path);
      const type = String(res.headers['content-type'] ?? '');
      const text = /text\/html/.test(type) ? readableText(res.text) : /text\/csv/.test(type) ? res.text : '';
      for (const found of developerLanguageIn(text, classNames())) problems.push(`${path}: ${found}`);
      if (!/text\/html/.test(type)) continue;
      // A create screen sent empty: every message it answers with is read too.
      if (/\/(?:add|new|create)\/$/.test(path) && /<form[^>]*method="post"/.test(res.text)) {
        const empty = await agent.post(path).type('form').send({ csrfmiddlewaretoken: token });
        for (const found of developerLanguageIn(readableText(empty.text), classNames()))
          problems.push(`POST ${path}: ${found}`);
      }
      for (const raw of linksInHtml(res.text)) {
        const url = new URL(raw, `http://localhost${path}`);
        if (url.host !== 'localhost' || !url.pathname.startsWith('/wagtail/') || SKIP.test(url.pathname)) continue;
        // Exports: CSV only (the XLSX holds the same cells).
        if (url.searchParams.get('export') === 'xlsx') continue;
        const shape = shapeOf(url);
        if (seen.has(shape)) continue;
        seen.add(shape);
        queue.push(`${url.pathname}${url.search}`);
      }
    }
    expect(fetched, 'the walk was cut short').to.be.lessThan(600);
    expect(problems).to.deep.equal([]);
  });
});
