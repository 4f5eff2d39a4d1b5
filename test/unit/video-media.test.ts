import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { readVideoDuration } from '../../server/media/video-duration';
import { STATIC_DIR } from '../../server/paths';
import { checkWebVtt, formatDuration } from '../../shared/schemas/videos';

const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
/** A 64-bit sized box (size field 1, then the large size). */
const largeBox = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  return Buffer.concat([header, payload]);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
function mvhd(version: 0 | 1, timescale: number, duration: number | bigint): Buffer {
  const body = Buffer.alloc(version === 0 ? 100 : 112);
  body[0] = version;
  if (version === 0) {
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(Number(duration), 16);
  } else {
    body.writeUInt32BE(timescale, 20);
    body.writeBigUInt64BE(BigInt(duration), 24);
  }
  return box('mvhd', body);
}

describe('video duration from the container header', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'video-duration-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, data: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };
  const demo = (name: string) => readFileSync(join(STATIC_DIR, 'media', 'videos', name));

  it('reads the demo MP4 and WebM (4 seconds each)', async () => {
    expect(await readVideoDuration(file('demo.mp4', demo('dock-morning.mp4')), 'video/mp4')).to.equal(4);
    expect(await readVideoDuration(file('demo.webm', demo('dock-morning.webm')), 'video/webm')).to.equal(4);
  });

  it('reads a movie header at the end of the file, a version 1 header and 64-bit box sizes', async () => {
    const mdat = box('mdat', Buffer.alloc(5000, 7));
    expect(
      await readVideoDuration(
        file('end.mp4', Buffer.concat([ftyp, mdat, box('moov', mvhd(0, 600, 45_300))])),
        'video/mp4',
      ),
    ).to.equal(75.5);
    const v1 = Buffer.concat([
      ftyp,
      largeBox('mdat', Buffer.alloc(100)),
      largeBox('moov', Buffer.concat([box('udta', Buffer.alloc(4)), mvhd(1, 90_000, 90_000n * 3700n)])),
    ]);
    expect(await readVideoDuration(file('v1.mp4', v1), 'video/mp4')).to.equal(3700);
  });

  it('says nothing (no error) for a truncated, hostile or unknown-duration file', async () => {
    const mp4 = demo('dock-morning.mp4');
    expect(await readVideoDuration(file('cut.mp4', mp4.subarray(0, 40)), 'video/mp4')).to.equal(undefined);
    // A box claiming to be larger than the file.
    const lying = Buffer.concat([ftyp, box('moov', mvhd(0, 600, 600))]);
    lying.writeUInt32BE(0x7fffffff, ftyp.length);
    expect(await readVideoDuration(file('lying.mp4', lying), 'video/mp4')).to.equal(undefined);
    // A zero-size box: to the end of the file; a box of size 3 is invalid.
    const broken = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 3, 0x6d, 0x6f, 0x6f, 0x76])]);
    expect(await readVideoDuration(file('broken.mp4', broken), 'video/mp4')).to.equal(undefined);
    expect(
      await readVideoDuration(file('zero-scale.mp4', Buffer.concat([ftyp, box('moov', mvhd(0, 0, 600))])), 'video/mp4'),
    ).to.equal(undefined);
    expect(
      await readVideoDuration(
        file('fragmented.mp4', Buffer.concat([ftyp, box('moov', mvhd(0, 1000, 0xffffffff))])),
        'video/mp4',
      ),
    ).to.equal(undefined);
    const webm = demo('dock-morning.webm');
    expect(await readVideoDuration(file('cut.webm', webm.subarray(0, 30)), 'video/webm')).to.equal(undefined);
    expect(
      await readVideoDuration(
        file('noise.webm', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
        'video/webm',
      ),
    ).to.equal(undefined);
    expect(await readVideoDuration(join(dir, 'missing.mp4'), 'video/mp4')).to.equal(undefined);
  });

  it('reads a WebM whose segment size is unknown (streamed) and says nothing when Info has no Duration', async () => {
    const webm = demo('dock-morning.webm');
    // EBML header, then the Segment id and its size; rewrite the size as 'unknown' (8 bytes of ones).
    const segment = webm.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    expect(segment).to.be.greaterThan(0);
    const sizeLength = Math.clz32(webm[segment + 4]!) - 23;
    const unknown = Buffer.concat([
      webm.subarray(0, segment + 4),
      Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      webm.subarray(segment + 4 + sizeLength),
    ]);
    expect(await readVideoDuration(file('live.webm', unknown), 'video/webm')).to.equal(4);
    // Rename the Duration element (0x4489) to an unknown id: no duration.
    const noDuration = Buffer.from(webm);
    const at = noDuration.indexOf(Buffer.from([0x44, 0x89]));
    noDuration[at + 1] = 0x8a;
    expect(await readVideoDuration(file('no-duration.webm', noDuration), 'video/webm')).to.equal(undefined);
  });
});

describe('WebVTT checks', () => {
  it('accepts a WebVTT file with a header text, a BOM, CRLF lines, hour-less timings and settings', () => {
    const result = checkWebVtt(
      '\uFEFFWEBVTT - Dock captions\r\n\r\nNOTE made by hand\r\n\r\n1\r\n00:01.000 --> 00:02.500 line:0 align:start\r\nHi\r\n',
    );
    expect(result).to.deep.equal({
      ok: true,
      text: 'WEBVTT - Dock captions\n\nNOTE made by hand\n\n1\n00:01.000 --> 00:02.500 line:0 align:start\nHi\n',
    });
  });

  it('refuses what is not WebVTT, with the reason', () => {
    const message = (text: string) => (checkWebVtt(text) as { message: string }).message;
    expect(message('')).to.include('must start with “WEBVTT”');
    expect(message('WEBVTTX\n\n00:00.000 --> 00:01.000\nx\n')).to.include('must start with “WEBVTT”');
    expect(message(' WEBVTT\n\n00:00.000 --> 00:01.000\nx\n')).to.include('must start with “WEBVTT”');
    expect(message('1\n00:00:01,000 --> 00:00:02,000\nSRT\n')).to.include('must start with “WEBVTT”');
    expect(message('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nSRT commas\n')).to.equal(
      'Line 3 is not a cue timing (hh:mm:ss.ttt --> hh:mm:ss.ttt).',
    );
    expect(message('WEBVTT\n\n00:61.000 --> 00:62.000\nx\n')).to.include('Line 3 is not a cue timing');
    expect(message('WEBVTT\n\n00:02.000 --> 00:02.000\nx\n')).to.include('must end after it starts');
    expect(message('WEBVTT\n\n00:00.000 --> 00:01.000\nx\u0000y\n')).to.include('NUL');
    expect(message('WEBVTT\n')).to.equal('The captions have no cues.');
  });

  it('formats durations as m:ss or h:mm:ss', () => {
    expect([formatDuration(null), formatDuration(4), formatDuration(75.5), formatDuration(3700)]).to.deep.equal([
      'Unknown',
      '0:04',
      '1:16',
      '1:01:40',
    ]);
  });
});

describe('the block editor reads video fields and tagged unions from the block schemas', () => {
  it('marks every video with the video chooser and finds the media grid tile kinds', async () => {
    const { z } = await import('zod');
    const { taggedUnion } = await import('../../client/admin/editor/json-schema');
    const { mediaGridSchema } = await import('../../views/blocks/media-grid/schema');
    const json = z.toJSONSchema(mediaGridSchema, { io: 'input', unrepresentable: 'any' }) as unknown as {
      properties: { tiles: { items: Parameters<typeof taggedUnion>[0] } };
    };
    const union = taggedUnion(json.properties.tiles.items)!;
    expect(union.tag).to.equal('kind');
    expect(union.variants.map((variant) => variant.properties!.kind!.const)).to.deep.equal([
      'image',
      'background_video',
      'video',
    ]);
    expect(union.variants.slice(1).map((variant) => variant.properties!.video!['x-widget'])).to.deep.equal([
      'video_chooser',
      'video_chooser',
    ]);
    // Not tagged: plain objects, unions without a shared constant, nullable scalars.
    expect(taggedUnion({ type: 'object', properties: { a: { type: 'string' } } })).to.equal(undefined);
    expect(
      taggedUnion({
        oneOf: [
          { type: 'object', properties: { a: { const: 'x' } } },
          { type: 'object', properties: { b: { const: 'y' } } },
        ],
      }),
    ).to.equal(undefined);
    expect(taggedUnion({ anyOf: [{ type: 'string' }, { type: 'null' }] })).to.equal(undefined);
  });
});
