import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Image } from '../../shared/schemas/media';
import { CustomBackgroundImageWrapperBlock } from '../../views/blocks/custom-background-image-wrapper/Block';
import type { CustomBackgroundImageWrapperValue } from '../../views/blocks/custom-background-image-wrapper/schema';
import { objectPositionOf } from '../../views/components/focal-point';
import { ResponsiveImage } from '../../views/components/ResponsiveImage';

const image = (focal?: [number, number]): Image => ({
  image_id: 7,
  renditions: [
    { url: '/media/images/7/w480.webp', width: 480, height: 320, size: 1000, mimetype: 'image/webp' },
    { url: '/media/images/7/w480.jpeg', width: 480, height: 320, size: 2000, mimetype: 'image/jpeg' },
  ],
  default_alt_text: 'Boats',
  imageData: { title: 'Boats', ...(focal ? { focal_point: focal } : {}) },
});

describe('cropped block images keep the focal point in view', () => {
  it('turns the focal point into an object-position, clamped and rounded; none without one', () => {
    expect(objectPositionOf(image([0.15, 0.5]))).to.equal('15% 50%');
    expect(objectPositionOf(image([0.12345, 1]))).to.equal('12.3% 100%');
    expect(objectPositionOf(image([-0.2, 1.7]))).to.equal('0% 100%');
    expect(objectPositionOf(image())).to.equal(undefined);
    expect(objectPositionOf(undefined)).to.equal(undefined);
  });

  it('positions a cropped ResponsiveImage on its focal point, and leaves uncropped ones alone', () => {
    const cropped = renderToStaticMarkup(
      createElement(ResponsiveImage, { image: image([0.15, 0.5]), sizes: '300px', cropped: true }),
    );
    expect(cropped).to.include('style="object-position:15% 50%"');
    expect(
      renderToStaticMarkup(createElement(ResponsiveImage, { image: image([0.15, 0.5]), sizes: '300px' })),
    ).to.not.include('object-position');
    expect(
      renderToStaticMarkup(createElement(ResponsiveImage, { image: image(), sizes: '300px', cropped: true })),
    ).to.not.include('style=');
  });

  it("gives the custom background each image's focal point; a mobile image without one keeps its centre", () => {
    const value = (wide: Image, mobile?: Image) =>
      ({ background_image: wide, mobile_image: mobile, children: [] }) as unknown as CustomBackgroundImageWrapperValue;
    const render = (v: CustomBackgroundImageWrapperValue) =>
      renderToStaticMarkup(createElement(CustomBackgroundImageWrapperBlock, { id: 'x', value: v }));
    expect(render(value(image([0.8, 0.2])))).to.include('style="--focal-wide:80% 20%"');
    expect(render(value(image([0.8, 0.2]), image()))).to.include('style="--focal-wide:80% 20%;--focal-mobile:50% 50%"');
    expect(render(value(image(), image([0.1, 0.9])))).to.include('style="--focal-mobile:10% 90%"');
    expect(render(value(image()))).to.not.include('style=');
  });
});
