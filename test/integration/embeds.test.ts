import { expect } from 'chai';
import { resolveEmbed } from '../../shared/embeds/providers';
import { embedsOverview } from '../../server/modules/embeds/service';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { countReferencesTo, EMBED_MODEL } from '../../server/modules/references/service';
import { initialiseSiteSettings } from '../../server/modules/site-settings/service';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

const iframe = (id: string, url: string, title = 'Dock video') => ({
  type: 'iframe',
  id,
  value: { title, url, height: 400 },
});
const embedItem = (id: string, url: string) => ({
  type: 'full_width_media',
  id,
  value: { media: { kind: 'embed', url, title: 'Crab season' } },
});

describe('embeds: offline resolution (unit)', () => {
  it('resolves YouTube and Vimeo URLs in their usual shapes to the provider, the iframe address and a title', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(resolveEmbed(url), url).to.deep.equal({
        providerName: 'YouTube',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        title: 'YouTube video dQw4w9WgXcQ',
        type: 'video',
      });
    }
    for (const url of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871']) {
      expect(resolveEmbed(url, 'Our dock')).to.deep.equal({
        providerName: 'Vimeo',
        embedUrl: 'https://player.vimeo.com/video/76979871',
        title: 'Our dock',
        type: 'video',
      });
    }
  });

  it('frames an unknown host as given and refuses what is not an https URL', () => {
    expect(resolveEmbed('https://maps.example.org/embed?x=1')).to.deep.equal({
      providerName: 'maps.example.org',
      embedUrl: 'https://maps.example.org/embed?x=1',
      title: 'maps.example.org',
      type: 'rich',
    });
    // A YouTube address that names no video is not a YouTube embed.
    expect(resolveEmbed('https://www.youtube.com/feed/trending')?.providerName).to.equal('www.youtube.com');
    for (const bad of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'not a url',
      '',
      'https://user:pw@vimeo.com/1',
    ])
      expect(resolveEmbed(bad), bad).to.equal(undefined);
  });
});

describe('embeds: the allow-list decides, the screen lists where each is used', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));

  const usSiteId = async () =>
    (await t.db.selectFrom('sites').select('id').where('root_page_id', '=', home.id).executeTakeFirstOrThrow()).id;
  const post = (page: Page, body: unknown[], extra: Record<string, string> = {}) =>
    agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        title: page.title,
        slug: page.slug,
        seo_title: '',
        search_description: '',
        content_json: JSON.stringify({ body, confirmation_content: [] }),
        ...extra,
      });

  it('records embeds with their provider and lists them with the pages that use them', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Video page',
      slug: 'embed-video',
      content: {
        body: [
          iframe('a', 'https://www.youtube-nocookie.com/embed/harborDock1'),
          embedItem('b', 'https://player.vimeo.com/video/76979871'),
        ],
        confirmation_content: [],
      },
      publish: true,
    });
    expect(
      await countReferencesTo(t.db, { model: EMBED_MODEL, id: 'https://www.youtube-nocookie.com/embed/harborDock1' }),
    ).to.equal(1);
    const overview = await embedsOverview(t.db);
    const youtube = overview.items.find((item) => item.url === 'https://www.youtube-nocookie.com/embed/harborDock1')!;
    expect(youtube).to.include({
      providerName: 'YouTube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/harborDock1',
      title: 'Dock video',
    });
    expect(youtube.usedBy).to.deep.equal([
      { label: 'Video page', href: `/wagtail/pages/${page.id}/edit/`, where: 'Content page: Body › block 1 › url' },
    ]);
    expect(youtube.allowedOn.length).to.be.greaterThan(0);

    const screen = await agent.get('/wagtail/embeds/').expect(200);
    expect(screen.text).to.include('Crab season');
    expect(screen.text).to.include('Vimeo');
    expect(screen.text).to.include(`href="/wagtail/pages/${page.id}/edit/"`);
    expect(screen.text).to.include('href="/wagtail/embeds/"'); // the menu entry
  });

  it("refuses at save an embed whose host is not on the site's allow-list, with the block marked and the input kept", async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Strict video',
      slug: 'embed-strict',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    await initialiseSiteSettings(t.db, await usSiteId(), { new_header: true, embed_hosts: ['player.vimeo.com'] });
    try {
      const refused = await post(page, [iframe('a', 'https://www.youtube-nocookie.com/embed/notAllowed1')]).expect(400);
      expect(refused.text).to.include(
        'www.youtube-nocookie.com is not on this site&#x27;s embed allow-list (allowed: player.vimeo.com)',
      );
      const data = JSON.parse(
        /<script type="application\/json" id="block-editor-data">([^<]*)<\/script>/.exec(refused.text)![1]!,
      );
      expect(Object.keys(data.errors)).to.include('body.0.value.url');
      expect(refused.text).to.include('notAllowed1');
      expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(page.latest_revision_id);
      // The same refusal for a page created by a service, and for an embed inside a media block.
      let error: unknown;
      try {
        await createPage(t.db, {
          parentId: home.id,
          pageType: 'ExamplePage',
          title: 'X',
          slug: 'embed-x',
          content: {
            body: [embedItem('b', 'https://www.youtube-nocookie.com/embed/notAllowed2')],
            confirmation_content: [],
          },
        });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.have.property('status', 400);
      expect((error as { fields: Record<string, string[]> }).fields).to.have.property('body.0.value.media.url');
      // An allowed host saves.
      await post(page, [iframe('a', 'https://player.vimeo.com/video/76979871')]).expect(303);
    } finally {
      await initialiseSiteSettings(t.db, await usSiteId(), { new_header: true });
    }
  });

  it('refuses a host no site allows with the schema message and records nothing', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Evil video',
      slug: 'embed-evil',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const refused = await post(page, [iframe('a', 'https://evil.example.com/embed/1')]).expect(400);
    expect(refused.text).to.include('allowed embed host');
    expect(await countReferencesTo(t.db, { model: EMBED_MODEL, id: 'https://evil.example.com/embed/1' })).to.equal(0);
  });
});
