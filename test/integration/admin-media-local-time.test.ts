import { expect } from 'chai';
import { sql } from 'kysely';
import { createDocument } from '../../server/modules/documents/service';
import { createImage } from '../../server/modules/images/service';
import { createVideo } from '../../server/modules/videos/service';
import { STATIC_DIR } from '../../server/paths';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { jpeg, tinyPdf } from '../helpers/media-files';

/**
 * The media listings' Uploaded column (images, documents, videos): the upload's time on the
 * reader's clock with the zone named, as every other admin time, not the UTC day.
 */
describe('back office: media upload times in the reader’s time zone', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true, env: { TIME_ZONE: 'America/Toronto' } }, (suite) => ({ t, agent, token } = suite));

  before(async () => {
    const storage = openMediaStorage(t.config.media);
    const image = await createImage(t.db, storage, { title: 'Late night halibut', data: await jpeg() });
    const document = await createDocument(t.db, storage, {
      title: 'Late night menu',
      fileName: 'late.pdf',
      data: tinyPdf(),
    });
    const video = await createVideo(t.db, storage, {
      title: 'Late night dock',
      fileName: 'late.mp4',
      data: readFileSync(join(STATIC_DIR, 'media', 'videos', 'dock-morning.mp4')),
      userId: null,
    });
    // 02:30 UTC on 2 December is still 1 December in Toronto: the UTC day would be wrong.
    const at = '2026-12-02T02:30:00Z';
    await sql`UPDATE images SET created_at = ${at} WHERE id = ${image.id}`.execute(t.db);
    await sql`UPDATE documents SET created_at = ${at} WHERE id = ${document.id}`.execute(t.db);
    await sql`UPDATE videos SET created_at = ${at} WHERE id = ${video.id}`.execute(t.db);
  });

  const listing = async (area: string) =>
    (await agent.get(`/wagtail/${area}/?q=${encodeURIComponent('Late night')}`).expect(200)).text;

  it("prints the time in the site's zone, then in the user's own, the zone named", async () => {
    for (const area of ['images', 'documents', 'videos']) {
      const html = await listing(area);
      expect(html, area).to.include('Dec 1, 2026, 9:30 PM EST');
      expect(html, area).not.to.include('2026-12-02');
    }
    await agent
      .post('/wagtail/account/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        first_name: 'Site',
        last_name: 'Administrator',
        email: 'admin@harborline.example',
        preferred_language: 'en-US',
        time_zone: 'Asia/Tokyo',
      })
      .expect(303);
    for (const area of ['images', 'documents', 'videos']) {
      const html = await listing(area);
      expect(html, area).to.include('Dec 2, 2026, 11:30 AM GMT+9');
      expect(html, area).not.to.include('9:30 PM EST');
    }
    // The CSV export names the zone too.
    const csv = await agent.get(`/wagtail/images/?q=${encodeURIComponent('Late night')}&export=csv`).expect(200);
    expect(csv.text).to.include('Dec 2, 2026, 11:30 AM GMT+9');
  });
});
