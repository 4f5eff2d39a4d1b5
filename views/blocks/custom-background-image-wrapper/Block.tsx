import type { CSSProperties } from 'react';
import type { Image } from '../../../shared/schemas/media';
import { objectPositionOf } from '../../components/focal-point';
import type { BlockComponent, BlockProps } from '../define';
import { HeadingBlock } from '../heading/Block';
import { RichTextBlock } from '../rich-text/Block';
import type { CustomBackgroundImageWrapperValue, WrapperChildType } from './schema';

/**
 * The components of the blocks the wrapper may hold (WRAPPER_CHILD_TYPES), imported directly
 * rather than read from the registry in ../components, which imports this file.
 */
const childComponents: Record<WrapperChildType, BlockComponent> = { heading: HeadingBlock, rich_text: RichTextBlock };

const srcset = (image: Image, type: string) =>
  image.renditions
    .filter((r) => r.mimetype === type)
    .map((r) => `${r.url} ${r.width}w`)
    .join(', ');

/**
 * Decorative background drawn with <picture>: the mobile image below 840px, the wide image above,
 * each in AVIF/WebP/original. Nested heading and rich-text blocks render over it.
 */
export function CustomBackgroundImageWrapperBlock({ value }: BlockProps<CustomBackgroundImageWrapperValue>) {
  const wide = value.background_image;
  const fallback = wide.renditions
    .filter((r) => r.mimetype === 'image/jpeg' || r.mimetype === 'image/png')
    .sort((a, b) => a.width - b.width);
  const largest = fallback[fallback.length - 1] ?? wide.renditions[0]!;
  const sources = (image: Image, media?: string) =>
    ['image/avif', 'image/webp', largest.mimetype].map((type) => {
      const set = srcset(image, type);
      return set ? (
        <source key={`${media ?? 'wide'}-${type}`} type={type} srcSet={set} sizes="100vw" media={media} />
      ) : null;
    });
  // The picture is cropped to the section (object-fit: cover): each image keeps its focal point in
  // view; the mobile image's applies below 840px (client/styles/blocks.css reads the variables).
  const [wideFocal, mobileFocal] = [objectPositionOf(wide), objectPositionOf(value.mobile_image)];
  const hasFocal = Boolean(wideFocal || mobileFocal);
  // A mobile image without a focal point keeps its centre, not the wide image's point.
  const focal = {
    '--focal-wide': wideFocal,
    '--focal-mobile': value.mobile_image ? (mobileFocal ?? '50% 50%') : undefined,
  } as CSSProperties;
  return (
    <section className="block-custom-background" data-block-type="custom_background_image_wrapper">
      <picture className="block-custom-background__picture">
        {value.mobile_image ? sources(value.mobile_image, '(max-width: 840px)') : null}
        {sources(wide, value.mobile_image ? '(min-width: 841px)' : undefined)}
        <img
          src={largest.url}
          width={largest.width}
          height={largest.height}
          alt=""
          loading="lazy"
          decoding="async"
          style={hasFocal ? focal : undefined}
        />
      </picture>
      <div className="block-custom-background__content">
        {value.children.map((child) => {
          const Component = childComponents[child.type];
          return Component ? <Component key={child.id} id={child.id} value={child.value} /> : null;
        })}
      </div>
    </section>
  );
}
