import type { Image } from '../../shared/schemas/media';

/**
 * The generated demo photographs (server/seed/demo-images.ts draws them with sharp). Block demo
 * values point at them by catalogue number through `image_id`; the seed swaps each placeholder
 * for the stored image's real renditions (resolveDemoImages), so sizes are never guessed.
 */
export const DEMO_IMAGES = [
  { key: 'dock-hero', dish: 'Fresh From the Dock', aspect: 'hero', colors: ['#0E8A9A', '#0B2341'], shape: 'wave' },
  { key: 'salmon', dish: 'Wood-Grilled Salmon', aspect: 'card', colors: ['#E07A3F', '#7A2E12'], shape: 'circle' },
  { key: 'lobster-roll', dish: 'Lobster Roll', aspect: 'card', colors: ['#C8102E', '#5C0A16'], shape: 'circle' },
  { key: 'crab-legs', dish: 'Snow Crab Legs', aspect: 'card', colors: ['#F2A65A', '#8C4A1C'], shape: 'wave' },
  { key: 'biscuits', dish: 'Cheddar Bay Biscuits', aspect: 'square', colors: ['#E9C46A', '#9C6B1F'], shape: 'circle' },
  { key: 'coupon', dish: 'Free Appetizer Coupon', aspect: 'card', colors: ['#F6F0E6', '#C9B58F'], shape: 'wave' },
] as const;

export type DemoImageKey = (typeof DEMO_IMAGES)[number]['key'];

export const ASPECT_SIZES = { hero: [1600, 700], card: [1280, 960], square: [960, 960] } as const;

/** A placeholder image value naming a demo image; valid on its own (size 0 until resolved). */
export function demoImage(key: DemoImageKey, alt: string): Image {
  const index = DEMO_IMAGES.findIndex((image) => image.key === key);
  const entry = DEMO_IMAGES[index]!;
  const [width, height] = ASPECT_SIZES[entry.aspect];
  return {
    image_id: index + 1,
    renditions: [{ url: `/media/images/${index + 1}/w960.jpeg`, width, height, size: 0, mimetype: 'image/jpeg' }],
    default_alt_text: alt,
    imageData: { title: entry.dish },
  };
}

/**
 * The demo video: a 4-second, 640x280 clip committed under static/media/videos/ (made by
 * scripts/generate-demo-video.sh), so the gallery's video blocks play without any upload.
 */
export const DEMO_VIDEO_SOURCES = [
  { url: '/static/media/videos/dock-morning.webm', mimetype: 'video/webm' },
  { url: '/static/media/videos/dock-morning.mp4', mimetype: 'video/mp4' },
];
