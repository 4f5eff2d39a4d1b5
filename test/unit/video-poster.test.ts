import { expect } from 'chai';
import type { Video } from '../../shared/schemas/media';
import { videoPoster } from '../../views/blocks/video-parts';

const rendition = (width: number, mimetype: string) => ({
  url: `/media/images/1/w${width}.${mimetype.split('/')[1]}`,
  width,
  height: width / 2,
  size: width,
  mimetype,
});
const video = (renditions: ReturnType<typeof rendition>[]) =>
  ({ poster: { image_id: 1, renditions } }) as unknown as Video;

describe('videoPoster', () => {
  it('picks the widest WebP: a poster has no srcset and a phone fetches it even for a video it never plays', () => {
    const poster = videoPoster(
      video([
        rendition(480, 'image/jpeg'),
        rendition(1600, 'image/jpeg'),
        rendition(480, 'image/webp'),
        rendition(1600, 'image/webp'),
        rendition(1600, 'image/avif'),
      ]),
    );
    expect(poster?.url).to.equal('/media/images/1/w1600.webp');
  });

  it('falls back to the widest JPEG or PNG, then to the widest of any type, and to nothing without a poster', () => {
    expect(
      videoPoster(video([rendition(960, 'image/png'), rendition(480, 'image/png'), rendition(1600, 'image/avif')]))
        ?.url,
    ).to.equal('/media/images/1/w960.png');
    expect(videoPoster(video([rendition(480, 'image/avif'), rendition(960, 'image/avif')]))?.url).to.equal(
      '/media/images/1/w960.avif',
    );
    expect(videoPoster({ poster: null } as unknown as Video)).to.equal(undefined);
  });
});
