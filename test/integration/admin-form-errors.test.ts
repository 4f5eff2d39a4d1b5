import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import request from 'supertest';
import { mailDirectory } from '../../server/modules/mail/mailer';
import { createCollection, rootCollectionId } from '../../server/modules/collections/service';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

/**
 * Every back-office form answers an invalid submit the same way (GOV.UK's and Wagtail's error
 * summary): a summary at the top that links to each field in error, each field marked invalid and
 * described by its message, and messages written for editors: no zod sentence, no JSON path, no
 * internal key.
 */

/** What a developer would write and an editor should never read. */
const DEVELOPER_TEXT = /expected|too small|too big|invalid input|invalid_|\w+\.\d+\.|__all__|undefined|\[object /i;

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** The summary's element (from its opening tag to the matching close of the div). */
function summaryOf(html: string): string | undefined {
  const start = html.search(/<div[^>]*data-error-summary/);
  if (start < 0) return undefined;
  let depth = 0;
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return undefined;
}

/** The opening tag of the element with this id. */
const tagWithId = (html: string, id: string) => new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * The checks of one invalid submit's answer: the summary, a link per field to a control that is
 * marked invalid and described by an error note carrying the same message, and no developer text.
 */
function expectErrorSummary(html: string, screen: string): string[] {
  const summary = summaryOf(html);
  expect(summary, `${screen}: no error summary`).to.be.a('string');
  const links = [...summary!.matchAll(/<a href="#([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => ({
    id: decodeURIComponent(m[1]!),
    text: decode(m[2]!),
  }));
  expect(links.length, `${screen}: the summary links to no field`).to.be.greaterThan(0);
  for (const link of links) {
    const control = tagWithId(html, link.id);
    expect(control, `${screen}: the summary links to #${link.id}, which is not on the page`).to.be.a('string');
    expect(html.indexOf(control!), `${screen}: #${link.id} comes before the summary`).to.be.greaterThan(
      html.indexOf(summary!),
    );
    // A group (a fieldset) is described by its message; its controls, if it has any yet, are marked invalid.
    const first = tagWithId(html, `${link.id}_0`);
    const invalid = control!.startsWith('<fieldset')
      ? !first || attr(first, 'aria-invalid') === 'true'
      : attr(control!, 'aria-invalid') === 'true';
    expect(invalid, `${screen}: #${link.id} is not marked invalid`).to.equal(true);
    const notes = (attr(control!, 'aria-describedby') ?? '').split(' ').filter(Boolean);
    const messages = notes.map(
      (id) => new RegExp(`<([a-z]+)\\b[^>]*\\bid="${id}"[^>]*>(.*?)</\\1>`, 's').exec(html)?.[2] ?? '',
    );
    expect(
      messages.some((message) => message && link.text.includes(decode(message))),
      `${screen}: #${link.id} is not described by its message "${link.text}"`,
    ).to.equal(true);
  }
  const errorNotes = [...html.matchAll(/class="admin-field__error"[^>]*>(.*?)<\//gs)].map((m) => decode(m[1]!));
  for (const text of [decode(summary!), ...errorNotes])
    expect(text, `${screen}: developer text in "${text}"`).not.to.match(DEVELOPER_TEXT);
  return links.map((link) => link.id);
}

/** The messages written by the file transport, newest last. */
function sentMail(dataDir: string): string[] {
  try {
    return readdirSync(mailDirectory(dataDir))
      .sort()
      .map((file) => (JSON.parse(readFileSync(`${mailDirectory(dataDir)}/${file}`, 'utf8')) as { text: string }).text);
  } catch {
    return [];
  }
}

type Agent = ReturnType<typeof request.agent>;
type Screen = {
  name: string;
  /** The form's screen (its CSRF token is read from it). */
  form: () => Promise<string> | string;
  /** Where the form posts, when not to its own screen. */
  action?: () => Promise<string> | string;
  /** The invalid submit's fields (the token is added). */
  fields: Record<string, string | string[]>;
  /** Sent as multipart (file uploads), with these files. */
  files?: Record<string, { name: string; content: Buffer }>;
  /** Field ids the summary must link to (at least). */
  links: string[];
  agent?: () => Agent;
};

describe('back office: the error summary on every form', () => {
  let t: TestApp;
  let home: Page;
  let admin: Agent;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent: admin } = suite));

  const firstId = async (table: 'sites' | 'documents') =>
    (await t.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  let content: Page;
  let collectionId: number;

  before(async () => {
    content = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Error summary page',
      content: { body: [] },
      publish: true,
    });
    collectionId = (
      await createCollection(t.db, { name: 'Error summary photos', parentId: await rootCollectionId(t.db) })
    ).id;
  });

  const SCREENS: Screen[] = [
    {
      name: 'user add',
      form: () => '/wagtail/users/add/',
      fields: { username: '', email: 'not-an-address', password1: 'x', password2: 'y' },
      links: ['id_username', 'id_email'],
    },
    { name: 'group add', form: () => '/wagtail/groups/add/', fields: { name: '' }, links: ['id_name'] },
    {
      name: 'site add',
      form: () => '/wagtail/sites/add/',
      fields: { hostname: '', port: 'eighty', root_page: '' },
      links: ['id_hostname', 'id_port'],
    },
    { name: 'workflow add', form: () => '/wagtail/workflows/add/', fields: { name: '' }, links: ['id_name'] },
    { name: 'task add', form: () => '/wagtail/workflows/tasks/add/', fields: { name: '' }, links: ['id_name'] },
    {
      name: 'page privacy',
      form: () => `/wagtail/pages/${content.id}/privacy/`,
      fields: { restriction_type: 'password', password: '' },
      links: ['id_password'],
    },
    {
      name: 'collection privacy',
      form: () => `/wagtail/collections/${collectionId}/privacy/`,
      fields: { restriction_type: 'password', password: '' },
      links: ['id_password'],
    },
    {
      name: 'password reset request',
      form: () => '/wagtail/password_reset/',
      fields: { email: 'not-an-address' },
      links: ['id_email'],
      agent: () => request.agent(t.app),
    },
    {
      name: 'redirect import',
      form: () => '/wagtail/redirects/import/',
      fields: {},
      files: {},
      links: ['id_import_file'],
    },
    {
      name: 'single image upload (not an image)',
      form: () => '/wagtail/images/multiple/add/',
      fields: { title: '' },
      files: { file: { name: 'menu.txt', content: Buffer.from('Not an image at all') } },
      links: ['id_file'],
    },
    {
      name: 'multiple document upload (no file)',
      form: () => '/wagtail/documents/multiple/add/',
      fields: {},
      files: {},
      links: ['id_file'],
    },
    {
      name: 'document replace file',
      form: async () => `/wagtail/documents/${await firstId('documents')}/replace/`,
      fields: {},
      files: {},
      links: ['id_file'],
    },
    {
      name: 'account details',
      form: () => '/wagtail/account/',
      fields: { email: 'not-an-address', first_name: '', last_name: '' },
      links: ['id_email'],
    },
    {
      name: 'account password',
      form: () => '/wagtail/account/',
      action: () => '/wagtail/account/change_password/',
      fields: { old_password: 'wrong', new_password1: 'short', new_password2: 'other' },
      links: ['id_new_password1'],
    },
    {
      name: 'page add',
      form: () => `/wagtail/pages/add/ExamplePage/${home.id}/`,
      fields: { title: '', slug: 'Not a slug!', 'action-publish': 'action-publish' },
      links: ['id_title'],
    },
    {
      name: 'page edit',
      form: () => `/wagtail/pages/${content.id}/edit/`,
      fields: { title: '', 'action-publish': 'action-publish' },
      links: ['id_title'],
    },
    {
      name: 'snippet add',
      form: () => '/wagtail/snippets/core/country/add/',
      fields: { name: '' },
      links: ['id_printable_name', 'id_iso_code'],
    },
    {
      name: 'site settings',
      form: async () => `/wagtail/settings/core/sitesettings/${await firstId('sites')}/`,
      fields: { robots_policy: 'crawl-everything' },
      links: ['id_robots_policy'],
    },
  ];

  for (const screen of SCREENS) {
    it(`${screen.name}: a summary linking to each field, messages on the fields, no developer text`, async () => {
      const agent = screen.agent?.() ?? admin;
      const formUrl = await screen.form();
      const formPage = await agent.get(formUrl).expect(200);
      const token = csrfTokenIn(formPage.text);
      const action = (await screen.action?.()) ?? formUrl;
      // Multipart forms carry the token in their action's query too (views/admin/CsrfField.tsx).
      let req = agent.post(screen.files ? `${action}?csrfmiddlewaretoken=${encodeURIComponent(token)}` : action);
      if (screen.files) {
        req = req.field('csrfmiddlewaretoken', token);
        for (const [name, value] of Object.entries(screen.fields))
          for (const one of [value].flat()) req = req.field(name, one);
        for (const [name, file] of Object.entries(screen.files)) req = req.attach(name, file.content, file.name);
      } else {
        req = req
          .type('form')
          .send(
            new URLSearchParams([
              ['csrfmiddlewaretoken', token],
              ...Object.entries(screen.fields).flatMap(([k, v]) =>
                [v].flat().map((one) => [k, one] as [string, string]),
              ),
            ]).toString(),
          );
      }
      const res = await req;
      expect(res.status, `${screen.name}: status`).to.equal(400);
      const linked = expectErrorSummary(res.text, screen.name);
      expect(linked, screen.name).to.include.members(screen.links);
    });
  }

  it('password reset (set): a summary linking to each field, no developer text', async () => {
    const agent = request.agent(t.app);
    const before = sentMail(t.dataDir).length;
    const ask = await agent.get('/wagtail/password_reset/').expect(200);
    const email = (
      await t.db.selectFrom('users').select('email').where('is_superuser', '=', true).executeTakeFirstOrThrow()
    ).email;
    await agent
      .post('/wagtail/password_reset/')
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(ask.text), email })
      .expect(303);
    let mail: string[] = [];
    for (let i = 0; i < 100 && (mail = sentMail(t.dataDir)).length <= before; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const path = new URL(/https?:\/\/\S+\/confirm\/\S+\//.exec(mail.at(-1)!)![0]).pathname;
    const form = await agent.get(path).expect(200);
    const res = await agent
      .post(path)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), new_password1: 'short', new_password2: 'different' });
    expect(res.status).to.equal(400);
    expect(expectErrorSummary(res.text, 'password reset (set)')).to.include('id_new_password1');
  });
});
