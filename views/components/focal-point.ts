import type { Image } from '../../shared/schemas/media';

const percent = (fraction: number) => `${Math.round(Math.min(Math.max(fraction, 0), 1) * 1000) / 10}%`;

/**
 * The CSS `object-position` that keeps an image's focal point (fractions of its width and height,
 * set on the image's edit screen) in view when the image is cropped to its box with
 * `object-fit: cover`; undefined without a focal point (the centre, CSS's default).
 */
export function objectPositionOf(image: Pick<Image, 'imageData'> | undefined): string | undefined {
  const point = image?.imageData?.focal_point;
  return point ? `${percent(point[0])} ${percent(point[1])}` : undefined;
}
