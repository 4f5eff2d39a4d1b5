import { blockSchemas } from '../../views/blocks/schemas';
import type { DemoPage } from './demo-pages';

/**
 * The body of the /block-gallery/ page: one block per registered block type, made from each
 * block's own `demo` value, so a newly registered block appears here without touching this file.
 */
export function galleryBlocks(): { type: string; id: string; value: unknown }[] {
  return [...blockSchemas.values()].map((definition) => ({
    type: definition.type,
    id: `gallery-${definition.type}`,
    value: definition.demo,
  }));
}

/** The gallery page (an ExamplePage under the US home); its images are resolved by the seed. */
export function blockGalleryPage(body: { type: string; id: string; value: unknown }[]): DemoPage {
  return {
    pageType: 'ExamplePage',
    title: 'Block Gallery',
    slug: 'block-gallery',
    robots: 'noindex',
    search_description: 'Every content block of the site with its demo content.',
    content: { body, confirmation_content: [] },
  };
}
