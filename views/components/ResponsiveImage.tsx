import { preload } from 'react-dom';
import type { Image } from '../../shared/schemas/media';
import { objectPositionOf } from './focal-point';
import { useLeadImage } from './lead-image';

type Props = {
  image: Image;
  /** The `sizes` attribute: how wide the image is drawn, e.g. "(max-width: 840px) 100vw, 50vw". */
  sizes: string;
  alt?: string;
  className?: string;
  /**
   * Above-the-fold images (the hero) load eagerly with high priority; everything else lazily.
   * Unset: eager inside the page's lead image block (views/components/lead-image.tsx).
   */
  priority?: boolean;
  /** Drawn cropped to its box (`object-fit: cover` in the block's CSS): the crop keeps the focal point in view. */
  cropped?: boolean;
};

const MODERN_TYPES = ['image/avif', 'image/webp'] as const;

/**
 * An <img> (inside <picture> when AVIF/WebP renditions exist) with srcset, sizes and intrinsic
 * width/height so the layout never shifts while it loads.
 */
export function ResponsiveImage({ image, sizes, alt, className, priority: asked, cropped = false }: Props) {
  const lead = useLeadImage();
  const priority = asked ?? lead;
  const objectPosition = cropped ? objectPositionOf(image) : undefined;
  const byType = (type: string) =>
    image.renditions.filter((r) => r.mimetype === type).sort((a, b) => a.width - b.width);
  const srcset = (type: string) =>
    byType(type)
      .map((r) => `${r.url} ${r.width}w`)
      .join(', ');
  const fallbackType =
    image.renditions.find((r) => !(MODERN_TYPES as readonly string[]).includes(r.mimetype))?.mimetype ??
    image.renditions[0]!.mimetype;
  const fallbacks = byType(fallbackType);
  const largest = fallbacks[fallbacks.length - 1] ?? image.renditions[0]!;
  const img = (
    <img
      src={largest.url}
      srcSet={srcset(fallbackType) || undefined}
      sizes={sizes}
      width={largest.width}
      height={largest.height}
      alt={alt ?? image.default_alt_text}
      className={className}
      style={objectPosition ? { objectPosition } : undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  const modern = MODERN_TYPES.filter((type) => type !== fallbackType && byType(type).length > 0);
  if (modern.length === 0) return img;
  // React preloads a priority <img> from the head by itself, but not one inside <picture> (the
  // file depends on the <source> the browser picks). Without a preload the page's likeliest
  // largest paint is found only when the parser reaches it, behind the module preloads: so
  // preload the first modern format's srcset, which the browser only fetches if it decodes that
  // type (`type`) and then picks the same file as the <source> below (same srcset and sizes).
  if (priority) {
    const leadType = modern[0]!;
    const files = byType(leadType);
    preload(files[files.length - 1]!.url, {
      as: 'image',
      type: leadType,
      imageSrcSet: srcset(leadType),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture>
      {modern.map((type) => (
        <source key={type} type={type} srcSet={srcset(type)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
