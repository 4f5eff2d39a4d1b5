import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { createDocument } from '../../server/modules/documents/service';
import { createImage } from '../../server/modules/images/service';
import {
  insertGroup,
  replaceGroupModelPermissions,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { initialiseToolbox } from '../../server/modules/snippets/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { createVideo } from '../../server/modules/videos/service';
import { STATIC_DIR } from '../../server/paths';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { jpeg, tinyPdf } from '../helpers/media-files';

const emptyContent = { body: [], confirmation_content: [] };
const SECTION_EDITOR = { username: 'quill-section-editor', password: 'quill-section-editor-password' };
const MEDIA_EDITOR = { username: 'quill-media-editor', password: 'quill-media-editor-password' };

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");

/** The result groups as { heading: [titles] }, and each group's "See all" link. */
function groupsOf(html: string): Record<string, { titles: string[]; all: string }> {
  const groups: Record<string, { titles: string[]; all: string }> = {};
  for (const section of html.matchAll(/<section class="admin-search-group"[^>]*>(.*?)<\/section>/gs)) {
    const body = section[1]!;
    const heading = decode(/<h2[^>]*>(.*?)<\/h2>/s.exec(body)![1]!.replace(/<[^>]+>/g, ''));
    const items = /<ul class="admin-search-group__items">(.*?)<\/ul>/s.exec(body)![1]!;
    groups[heading] = {
      titles: [...items.matchAll(/<li>(?:<a[^>]*>|<span>)([^<]*)</g)].map((m) => decode(m[1]!)),
      all: decode(/<p class="admin-search-group__all"><a href="([^"]*)"/.exec(body)![1]!),
    };
  }
  return groups;
}

describe('back office: search across the admin', () => {
  let t: TestApp;
  let inside: Page;
  useTestApp({}, (suite) => ({ t } = suite));

  before(async () => {
    const homes = await t.db.selectFrom('pages').selectAll().where('depth', '=', 2).orderBy('path').execute();
    const us = homes.find((h) => h.title === 'Harborline Seafood')!;
    const ca = homes.find((h) => h.title === 'Harborline Seafood Canada')!;
    inside = await createPage(t.db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Quillback rockfish',
      content: emptyContent,
      publish: true,
    });
    await createPage(t.db, {
      parentId: ca.id,
      pageType: 'ExamplePage',
      title: 'Quillback abroad',
      content: emptyContent,
      publish: true,
    });
    // Six more under the section: the pages group shows five and says how many there are.
    for (let n = 1; n <= 6; n += 1)
      await createPage(t.db, {
        parentId: inside.id,
        pageType: 'ExamplePage',
        title: `Quillback special ${n}`,
        content: emptyContent,
      });
    const storage = openMediaStorage(t.config.media);
    await createImage(t.db, storage, { title: 'Quillback on ice', data: await jpeg() });
    await createDocument(t.db, storage, { title: 'Quillback allergen sheet', fileName: 'quill.pdf', data: tinyPdf() });
    await createVideo(t.db, storage, {
      title: 'Quillback filleting',
      fileName: 'quill.mp4',
      data: readFileSync(join(STATIC_DIR, 'media', 'videos', 'dock-morning.mp4')),
      userId: null,
    });
    await initialiseToolbox(t.db, 'Quillback promise', []);
    await insertUser(t.db, {
      username: 'quillback-host',
      email: 'quillback-host@example.com',
      password_hash: await hashPassword('quillback-host-password'),
      is_superuser: false,
    });

    // A section editor: pages under 'Quillback rockfish' only, no model permission.
    const sectionGroup = await insertGroup(t.db, { name: 'Quill section editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, sectionGroup.id, [{ page_id: inside.id, permission_type: 'change' }]);
    // A media editor: images only (any permission lists them), no page.
    const mediaGroup = await insertGroup(t.db, { name: 'Quill image editors', can_access_admin: true });
    await replaceGroupModelPermissions(t.db, mediaGroup.id, [{ model: 'wagtailimages.image', action: 'change' }]);
    for (const [who, group] of [
      [SECTION_EDITOR, sectionGroup],
      [MEDIA_EDITOR, mediaGroup],
    ] as const) {
      const user = await insertUser(t.db, {
        username: who.username,
        email: `${who.username}@example.com`,
        password_hash: await hashPassword(who.password),
        is_superuser: false,
      });
      await replaceUserGroups(t.db, user.id, [group.id]);
    }
  });

  it('finds every kind for a superuser, a few each, with a link to the full filtered list', async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get('/wagtail/search/?q=Quillback').expect(200);
    const groups = groupsOf(res.text);
    expect(Object.keys(groups)).to.deep.equal([
      'Pages (8)',
      'Images (1)',
      'Documents (1)',
      'Videos (1)',
      'Snippets: Toolboxes (1)',
      'Users (1)',
    ]);
    // Best title matches first (the page search's order), five shown.
    expect(groups['Pages (8)']!.titles).to.have.length(5);
    expect(groups['Pages (8)']!.titles.slice(0, 2)).to.deep.equal(['Quillback abroad', 'Quillback rockfish']);
    expect(groups['Pages (8)']!.all).to.equal('/wagtail/pages/search/?q=Quillback');
    expect(groups['Images (1)']).to.deep.equal({ titles: ['Quillback on ice'], all: '/wagtail/images/?q=Quillback' });
    expect(groups['Documents (1)']!.titles).to.deep.equal(['Quillback allergen sheet']);
    expect(groups['Documents (1)']!.all).to.equal('/wagtail/documents/?q=Quillback');
    expect(groups['Videos (1)']!.titles).to.deep.equal(['Quillback filleting']);
    expect(groups['Videos (1)']!.all).to.equal('/wagtail/videos/?q=Quillback');
    expect(groups['Snippets: Toolboxes (1)']!.titles).to.deep.equal(['Quillback promise']);
    expect(groups['Users (1)']).to.deep.equal({ titles: ['quillback-host'], all: '/wagtail/users/?q=Quillback' });
    expect(decode(res.text)).to.include('See all 8 pages').and.to.include('13 matches for "Quillback".');
    // The other snippet models are searched and said to have nothing.
    expect(decode(res.text)).to.include('No matches among countries (snippets)');

    // Each "See all" link is the kind's own list, which finds the same rows.
    for (const group of Object.values(groups)) {
      const list = await agent.get(group.all).expect(200);
      for (const title of group.titles) expect(decode(list.text), group.all).to.include(title);
    }
  });

  it("searches pages by full text in the page's language (stems), as the page search does", async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get('/wagtail/search/?q=rockfishes').expect(200);
    expect(groupsOf(res.text)['Pages (1)']!.titles).to.deep.equal(['Quillback rockfish']);
  });

  it("limits a section editor to their section's pages: no other page, no media, no users", async () => {
    const agent = await signedInAgent(t.app, SECTION_EDITOR);
    const res = await agent.get('/wagtail/search/?q=quillback').expect(200);
    const groups = groupsOf(res.text);
    expect(Object.keys(groups)).to.deep.equal(['Pages (7)']);
    expect(groups['Pages (7)']!.titles).not.to.include('Quillback abroad');
    expect(res.text).not.to.include('quillback-host').and.not.to.include('/wagtail/users/');
    expect(res.text).not.to.include('Quillback on ice');
  });

  it('shows a media editor the kinds they may list, and no page outside their grants', async () => {
    const agent = await signedInAgent(t.app, MEDIA_EDITOR);
    const res = await agent.get('/wagtail/search/?q=quillback').expect(200);
    const groups = groupsOf(res.text);
    expect(Object.keys(groups)).to.deep.equal(['Images (1)']);
    expect(decode(res.text)).to.include('No matches among pages.');
    expect(res.text).not.to.include('quillback-host').and.not.to.include('Quillback allergen sheet');
  });

  it('asks for words when the query is empty, and refuses one too long or given twice, keeping it', async () => {
    const agent = await signedInAgent(t.app);
    for (const url of ['/wagtail/search/', '/wagtail/search/?q=', '/wagtail/search/?q=%20%20']) {
      const empty = await agent.get(url).expect(200);
      expect(decode(empty.text), url).to.include('Enter a word to find it in page titles and text');
      expect(empty.text, url).not.to.include('admin-search-group');
    }
    const long = 'q'.repeat(256);
    const tooLong = await agent.get(`/wagtail/search/?q=${long}`).expect(400);
    expect(tooLong.text).to.include('Enter at most 255 characters.');
    expect(tooLong.text).to.include(`value="${long}"`);
    expect(tooLong.text).to.match(/aria-invalid="true"/);
    expect(tooLong.text).not.to.include('admin-search-group');
    const twice = await agent.get('/wagtail/search/?q=a&q=b').expect(400);
    expect(twice.text).to.include('admin-field__error');
    // 255 characters are accepted.
    await agent.get(`/wagtail/search/?q=${'q'.repeat(255)}`).expect(200);
  });

  it('puts a search box (a GET form to the search screen) at the top of every screen’s sidebar', async () => {
    const agent = await signedInAgent(t.app);
    for (const url of ['/wagtail/', '/wagtail/pages/', `/wagtail/pages/${inside.id}/edit/`]) {
      const html = (await agent.get(url).expect(200)).text;
      const sidebar = /<header class="admin-sidebar">(.*?)<\/header>/s.exec(html)![1]!;
      const form = /<form ([^>]*action="\/wagtail\/search\/"[^>]*)>(.*?)<\/form>/s.exec(sidebar);
      expect(form, url).not.to.equal(null);
      expect(form![1]).to.include('method="get"').and.to.include('role="search"');
      expect(form![2]).to.match(/<label for="id_sidebar_search"[^>]*>Search<\/label>/);
      expect(form![2]).to.include('name="q"');
      // Before the main navigation.
      expect(sidebar.indexOf('role="search"')).to.be.below(sidebar.indexOf('aria-label="Main"'));
    }
  });
});
