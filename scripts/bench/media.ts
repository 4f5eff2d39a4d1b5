import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { jsonb, type Db } from '../../server/db';
import { encodeStep } from '../../server/tree-path';
import { renditionUrl } from '../../shared/schemas/image-renditions';
import { signIn, time, type Timing } from './admin';
import { ROOT } from '../build-assets';

/** The demo's press section and its list page (server/seed/site-pages/press.ts). */
const PRESS_SECTION_URL_PATH = '/home/press/';
export const PRESS_LIST_PATH = '/press/releases/';

/**
 * Adds `count` live press releases under the default site's press section, dated one a day back
 * from today, each a copy of a demo release (its feature image and copy). Inserted in batches
 * straight into the tables with one revision each, as seedAdminBenchTree does for plain pages.
 */
export async function seedPressReleases(db: Db, count: number): Promise<void> {
  const section = await db
    .selectFrom('pages')
    .selectAll()
    .where('url_path', '=', PRESS_SECTION_URL_PATH)
    .executeTakeFirstOrThrow();
  const model = await db
    .selectFrom('pages')
    .select('content')
    .where('page_type', '=', 'PressReleasePage')
    .where('path', 'like', `${section.path}%`)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('pages')
    .select('path')
    .where('path', 'like', `${section.path}%`)
    .where('depth', '=', section.depth + 1)
    .orderBy('path', 'desc')
    .executeTakeFirstOrThrow();
  const firstStep = Number.parseInt(last.path.slice(-4), 36) + 1;
  const day = 86_400_000;
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      const slug = `bench-release-${i + 1}`;
      const title = `Bench press release ${i + 1}`;
      const content = {
        ...(model.content as Record<string, unknown>),
        date: new Date(Date.now() - i * day).toISOString().slice(0, 10),
        copy: { html: `<p>${title}: news for guests and the press.</p>` },
      };
      return {
        path: section.path + encodeStep(firstStep + i),
        depth: section.depth + 1,
        page_type: 'PressReleasePage',
        locale_id: section.locale_id,
        translation_key: randomUUID(),
        title,
        slug,
        url_path: `${section.url_path}${slug}/`,
        content: jsonb(content),
        live: true,
        has_unpublished_changes: false,
        first_published_at: new Date(),
        last_published_at: new Date(),
      };
    });
    const inserted = await db.insertInto('pages').values(rows).returning(['id', 'title', 'slug', 'content']).execute();
    const revisions = await db
      .insertInto('page_revisions')
      .values(
        inserted.map((p) => ({
          page_id: p.id,
          user_id: null,
          object_str: p.title,
          content: jsonb({ id: p.id, title: p.title, slug: p.slug, content: p.content }),
        })),
      )
      .returning(['id', 'page_id'])
      .execute();
    const pairs = sql.join(revisions.map((r) => sql`(${r.page_id}::integer, ${r.id}::integer)`));
    await sql`update pages set latest_revision_id = r.rid, live_revision_id = r.rid from (values ${pairs}) as r(pid, rid) where pages.id = r.pid`.execute(
      db,
    );
  }
  await db
    .updateTable('pages')
    .set({ numchild: sql`numchild + ${count}` })
    .where('id', '=', section.id)
    .execute();
  await sql`analyze pages`.execute(db);
}

/** Resident size now and at its peak so far (the kernel's high-water mark), in MB, of one process. */
export function residentMegabytes(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/**
 * A 4000 x 3000 photograph-like JPEG, quality 85: a sky-to-sea gradient, a sun, a few shapes, and
 * sensor-like grain overlaid (a flat picture would compress to nothing and flatter the encoder).
 */
export async function benchJpeg(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const shapes = Array.from({ length: 60 }, (_, i) => {
    const colour = (((i * 2654435761) >>> 8) & 0xffffff).toString(16).padStart(6, '0');
    return `<ellipse cx="${(i * 677) % width}" cy="${1700 + ((i * 313) % 1200)}" rx="${80 + ((i * 37) % 300)}" ry="${20 + ((i * 11) % 60)}" fill="#${colour}" opacity="0.5"/>`;
  }).join('');
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>` +
      '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c28b"/><stop offset="0.55" stop-color="#7fb3d5"/><stop offset="1" stop-color="#1f4e6b"/></linearGradient>' +
      '<radialGradient id="sun"><stop offset="0" stop-color="#fff6d5"/><stop offset="1" stop-color="#fff6d5" stop-opacity="0"/></radialGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#sky)"/><circle cx="2900" cy="900" r="700" fill="url(#sun)"/>${shapes}</svg>`,
  );
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .raw()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A multipart body streamed chunk by chunk: the CSRF field, then one MP4 of `size` bytes made on
 * the fly: the committed 4-second demo clip (its header says 4 s) followed by a 'free' box of
 * zeros (a box players skip) up to the size.
 */
function streamedVideoUpload(boundary: string, csrf: string, size: number): ReadableStream<Uint8Array> {
  const clip = readFileSync(join(ROOT, 'static', 'media', 'videos', 'dock-morning.mp4'));
  const free = Buffer.alloc(8);
  free.writeUInt32BE(size - clip.length, 0);
  free.write('free', 4, 'latin1');
  const filler = Buffer.alloc(1024 * 1024);
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n${csrf}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-100mb.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  let left = size - clip.length - free.length;
  let step = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (step === 0) controller.enqueue(Buffer.concat([preamble, clip, free]));
      else if (left > 0) {
        const part = filler.subarray(0, Math.min(filler.length, left));
        left -= part.length;
        controller.enqueue(part);
      } else {
        controller.enqueue(epilogue);
        controller.close();
      }
      step++;
    },
  });
}

export type UploadFigure = {
  what: string;
  stored: string;
  seconds: number;
  rssBeforeMb: number;
  peakSampledMb: number;
  peakHwmMb: number;
};

/**
 * One 100 MB video upload through the running server (signed in, as the library's upload
 * screen sends it), the server's resident size sampled every 10 ms meanwhile. The kernel's
 * high-water mark is read too; it covers the process's whole life, so it is only telling when
 * it is above the sampled peak.
 */
export async function benchUpload(
  call: Awaited<ReturnType<typeof signIn>>,
  pid: number,
  size = 100_000_000,
): Promise<UploadFigure> {
  const form = await (await call('/wagtail/videos/multiple/add/')).text();
  const csrf = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(form)![1]!;
  const before = residentMegabytes(pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMegabytes(pid).rss);
  }, 10);
  const boundary = `bench${randomUUID().replaceAll('-', '')}`;
  const started = performance.now();
  const res = await call('/wagtail/videos/multiple/add/', {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'X-CSRFToken': csrf,
      'X-Requested-With': 'fetch',
      Accept: 'application/json',
    },
    body: streamedVideoUpload(boundary, csrf, size),
    duplex: 'half',
  } as RequestInit);
  const answer = await res.text();
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 201) throw new Error(`bench video upload failed: ${res.status} ${answer.slice(0, 300)}`);
  clearInterval(sampler);
  const after = residentMegabytes(pid);
  const stored = (JSON.parse(answer) as { uploaded: Array<{ detail: string }> }).uploaded[0]!.detail;
  return {
    what: `upload a ${(size / 1_000_000).toFixed(0)} MB MP4 (video library)`,
    stored,
    seconds: Number(seconds.toFixed(1)),
    rssBeforeMb: before.rss,
    peakSampledMb: Math.max(peak, after.rss),
    peakHwmMb: after.peak,
  };
}

export type RenditionFigure = { what: string; ms: number; bytes: number; status: number };

/** Uploads the 4000 x 3000 JPEG, then asks for each rendition twice: made on first request, read from storage after. */
export async function benchRenditions(
  call: Awaited<ReturnType<typeof signIn>>,
  jpeg: Buffer,
): Promise<RenditionFigure[]> {
  const form = await (await call('/wagtail/images/multiple/add/')).text();
  const csrf = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(form)![1]!;
  const body = new FormData();
  body.set('csrfmiddlewaretoken', csrf);
  body.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'bench-4000x3000.jpg');
  const upload = await call('/wagtail/images/multiple/add/', {
    method: 'POST',
    headers: { 'X-CSRFToken': csrf, 'X-Requested-With': 'fetch', Accept: 'application/json' },
    body,
  });
  if (upload.status !== 201) throw new Error(`bench image upload failed: ${upload.status} ${await upload.text()}`);
  const id = ((await upload.json()) as { uploaded: Array<{ id: number }> }).uploaded[0]!.id;
  const out: RenditionFigure[] = [];
  for (const [width, format] of [
    [1600, 'jpeg'],
    [1600, 'webp'],
    [1600, 'avif'],
    [480, 'avif'],
  ] as const) {
    for (const pass of ['made', 'stored'] as const) {
      const started = performance.now();
      const res = await call(renditionUrl(id, width, format));
      const bytes = (await res.arrayBuffer()).byteLength;
      out.push({
        what: `w${width}.${format}, ${pass === 'made' ? 'first request (generated)' : 'second request (stored)'}`,
        ms: Number((performance.now() - started).toFixed(0)),
        bytes,
        status: res.status,
      });
    }
  }
  return out;
}

/** The press list page with many releases: page 1 and a deep page, each rendered (a cookie keeps the page cache out). */
export async function benchPressList(base: string, releases: number, runs = 30): Promise<Timing[]> {
  const miss = () => ({ headers: { Cookie: 'bench=1' } });
  const lastPage = Math.ceil(releases / 10);
  const out: Timing[] = [];
  out.push(
    await time(`${PRESS_LIST_PATH} page 1 (${releases.toLocaleString('en-US')} releases)`, runs, () =>
      fetch(`${base}${PRESS_LIST_PATH}`, miss()),
    ),
  );
  out.push(
    await time(`${PRESS_LIST_PATH}?page=${Math.floor(lastPage / 2)} (middle)`, runs, () =>
      fetch(`${base}${PRESS_LIST_PATH}?page=${Math.floor(lastPage / 2)}`, miss()),
    ),
  );
  out.push(
    await time(`${PRESS_LIST_PATH}?page=${lastPage} (last)`, runs, () =>
      fetch(`${base}${PRESS_LIST_PATH}?page=${lastPage}`, miss()),
    ),
  );
  return out;
}

/** Every media figure through one running server (its process id for the memory figures); the upload first, so the process's high-water mark is its own. */
export async function benchMedia(
  base: string,
  pid: number,
  credentials: { username: string; password: string },
  releases: number,
): Promise<void> {
  const call = await signIn(base, credentials.username, credentials.password);
  console.log(
    '\nUpload memory: a 100 MB video (MP4) to the video library, streamed to disk by the server; its duration read from the header',
  );
  console.table([await benchUpload(call, pid)]);
  const jpeg = await benchJpeg();
  console.log(
    `\nImage renditions of a 4000 x 3000 JPEG (${(jpeg.length / 1_000_000).toFixed(1)} MB; sharp in the server; send to last byte on localhost)`,
  );
  console.table(await benchRenditions(call, jpeg));
  console.log(
    `\nPress list page (${releases.toLocaleString('en-US')} releases; rendered, page cache kept out by a cookie; one request at a time, send to last byte, 30 runs after 3 warm-up)`,
  );
  console.table(await benchPressList(base, releases));
}
