import type { z } from 'zod';
import type { Db } from '../../db';
import type { Site } from '../sites/table';
import type { Page } from './table';

export type LoaderContext = {
  db: Db;
  site: Site;
  page: Page;
  /** The request's query string, already parsed by Express. */
  query: Record<string, unknown>;
  /** Builds the public URL of another page of the same site. */
  pageUrl(page: Pick<Page, 'url_path' | 'locale_id'>): string;
};

/**
 * A page type: the spec's template name, the schema of its type-specific content, where it may
 * sit in the tree, and an optional loader for data the template needs beyond its own fields.
 */
export type PageTypeDefinition = {
  /** Also the template name sent with the page (spec section 2). */
  type: string;
  label: string;
  contentSchema: z.ZodObject;
  /** Content fields holding a body of blocks: validated block by block. */
  streamFields: readonly string[];
  /** Page types this type may be created under; 'root' is the tree's invisible root. */
  parentTypes: readonly string[];
  /** Whether the public site serves it (the tree root is never served). */
  routable: boolean;
  /** A robots meta value every page of this type carries, whatever its own field says. */
  robots?: string;
  load?: (context: LoaderContext) => Promise<Record<string, unknown>>;
};

export function definePageType(definition: PageTypeDefinition): PageTypeDefinition {
  return definition;
}
