import type { Image, Video } from '../../shared/schemas/media';

/**
 * The generated demo illustrations (server/seed/demo-art.ts draws them; the seed stores them
 * with their alt text as the image's default alt text). Block demo
 * values point at them by catalogue number through `image_id`; the seed swaps each placeholder
 * for the stored image's real renditions (resolveDemoImages), so sizes are never guessed.
 */
export const DEMO_IMAGES = [
  {
    key: 'dock-hero',
    dish: 'Fresh From the Dock',
    aspect: 'hero',
    alt: 'Fishing boats heading out past a lighthouse at dawn',
  },
  {
    key: 'salmon',
    dish: 'Wood-Grilled Salmon',
    aspect: 'card',
    alt: 'A grilled salmon fillet with green beans and lemon on a white plate',
  },
  {
    key: 'lobster-roll',
    dish: 'Lobster Roll',
    aspect: 'card',
    alt: 'A lobster roll on a toasted bun with fries and lemon',
  },
  {
    key: 'crab-legs',
    dish: 'Snow Crab Legs',
    aspect: 'card',
    alt: 'Snow crab legs on a plate with a cup of melted butter',
  },
  { key: 'rolls', dish: 'Sea-Salt Rolls', aspect: 'square', alt: 'Six golden sea-salt rolls on a plate' },
  {
    key: 'coupon',
    dish: 'Free Appetizer Coupon',
    aspect: 'card',
    alt: 'Coupon: a free appetizer with the purchase of any entrée, valid through December 31, 2027',
  },
  {
    key: 'dining-room',
    dish: 'The Dining Room',
    aspect: 'card',
    alt: 'A dining room with red booths, pendant lamps and windows onto the sea',
  },
  { key: 'coast', dish: 'The Coast', aspect: 'hero', alt: 'Boats on a calm sea beside a rocky shore and a lighthouse' },
  { key: 'chowder', dish: 'Clam Chowder', aspect: 'card', alt: 'A bowl of clam chowder with oyster crackers' },
  { key: 'shrimp', dish: 'Shrimp Linguine', aspect: 'card', alt: 'Shrimp on a plate of linguine with herbs' },
  {
    key: 'key-lime-pie',
    dish: 'Key Lime Pie',
    aspect: 'card',
    alt: 'A slice of key lime pie with whipped cream and a lime',
  },
  {
    key: 'catering',
    dish: 'Catering Trays',
    aspect: 'card',
    alt: 'Four catering trays of shrimp, rolls, salmon and salad',
  },
  {
    key: 'crew',
    dish: 'Our Kitchen Crew',
    aspect: 'card',
    alt: 'Three smiling cooks in aprons in a restaurant kitchen',
  },
  { key: 'fish-tacos', dish: 'Fish Tacos', aspect: 'card', alt: 'Two fish tacos with slaw and lime on a plate' },
  // Added after the first set: catalogue numbers are positions, so new pictures go at the end.
  {
    key: 'platter',
    dish: 'Seafood Platter',
    aspect: 'card',
    alt: 'A seafood platter with a whole lobster, snow crab legs, shrimp, lemons and melted butter',
  },
  {
    key: 'whole-lobster',
    dish: 'Whole Lobster',
    aspect: 'card',
    alt: 'A whole steamed lobster on a plate with melted butter and lemon',
  },
  {
    key: 'shrimp-cocktail',
    dish: 'Shrimp Cocktail',
    aspect: 'card',
    alt: 'Chilled shrimp around a cup of cocktail sauce on lettuce',
  },
  {
    key: 'calamari',
    dish: 'Crispy Calamari',
    aspect: 'card',
    alt: 'Golden fried calamari rings with a cup of chili sauce and lemon',
  },
  {
    key: 'chocolate-cake',
    dish: 'Chocolate Lava Cake',
    aspect: 'card',
    alt: 'A warm chocolate cake with vanilla ice cream and raspberries',
  },
  {
    key: 'gift-card',
    dish: 'Gift Card',
    aspect: 'card',
    alt: 'A Harborline gift card tied with a red ribbon on an envelope',
  },
  {
    key: 'coupon-fr',
    dish: 'Coupon : entrée gratuite',
    aspect: 'card',
    alt: 'Coupon : une entrée gratuite à l’achat d’un plat principal, valide jusqu’au 31 décembre 2027',
  },
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

/**
 * The demo videos of the library: block values name them by catalogue number through `media_id`
 * (as images through `image_id`); the seed stores each in the video library with its captions
 * and swaps the placeholder for the stored video (server/seed/demo-videos.ts). Unresolved, the
 * placeholder plays the static files above, so a value is valid without the library.
 */
export const DEMO_VIDEOS = [
  {
    key: 'dock-morning',
    file: 'dock-morning.mp4',
    title: 'A Morning on the Dock',
    poster: 'dock-hero',
    posterAlt: 'Fishing boats heading out past a lighthouse at dawn',
  },
] as const satisfies ReadonlyArray<{
  key: string;
  file: string;
  title: string;
  poster: DemoImageKey;
  posterAlt: string;
}>;

export type DemoVideoKey = (typeof DEMO_VIDEOS)[number]['key'];

/** A placeholder video value naming a demo video (see DEMO_VIDEOS). */
export function demoVideo(key: DemoVideoKey, options: { poster?: boolean } = {}): Video {
  const index = DEMO_VIDEOS.findIndex((video) => video.key === key);
  const entry = DEMO_VIDEOS[index]!;
  return {
    media_id: index + 1,
    sources: DEMO_VIDEO_SOURCES,
    ...(options.poster ? { poster: demoImage(entry.poster, entry.posterAlt) } : {}),
    title: entry.title,
    tracks: [],
  };
}
