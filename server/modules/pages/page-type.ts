import type * as z from 'zod';
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
 * A content field edited as a plain form field on the page editor (not in the block editor).
 * `email_list`: a list of e-mail addresses, typed one a line (shared/schemas/email-list.ts).
 */
export type EditorField = { name: string; label: string; help: string; kind: 'email_list' };

/**
 * How the block editor draws one of a page type's own content fields (not a body of blocks): its
 * label, help, widget (shared/schemas/editor-widgets.ts), and the same for the fields of a struct
 * or of each item of a list (`fields`).
 */
export type ContentFieldMeta = {
  label?: string;
  helpText?: string;
  widget?: string;
  fields?: Readonly<Record<string, ContentFieldMeta>>;
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
  /** Content fields that never reach the browser (e.g. the staff addresses a form notifies). */
  privateFields?: readonly string[];
  /**
   * Content fields (not bodies of blocks) the block editor shows above the bodies, drawn from their
   * schema like a block's fields, in this order (the press pages' date, copy and download tiles).
   */
  contentFields?: Readonly<Record<string, ContentFieldMeta>>;
  /** Content fields the page editor shows as form fields of their own (e.g. a form's notification addresses). */
  editorFields?: readonly EditorField[];
  /** A robots meta value every page of this type carries, whatever its own field says. */
  robots?: string;
  load?: (context: LoaderContext) => Promise<Record<string, unknown>>;
  /** schema.org JSON-LD for the document head, from the page, its loaded extra and its absolute URL. */
  structuredData?: (args: {
    page: Page;
    extra: Record<string, unknown>;
    url: string;
    site: Site;
  }) => Record<string, unknown> | undefined;
};

/** The robots meta value a page is served with: its type's, when the type sets one, else the page's own. */
export function robotsOf(type: Pick<PageTypeDefinition, 'robots'>, page: { robots: string }): string {
  return type.robots ?? page.robots;
}

/** Whether a robots meta value asks search engines to leave the page out of their index. */
export const isNoindex = (robots: string): boolean => /\bnoindex\b/i.test(robots);

/**
 * Thrown by a loader when the request's query makes the page answer otherwise: the site's
 * not-found page (a list page asked for a page number it does not have), or a redirect (page 1
 * asked for with `?page=1` goes to the bare URL).
 */
export class PageLoadOutcome extends Error {
  constructor(readonly outcome: { kind: 'notFound' } | { kind: 'redirect'; location: string; status: 301 | 302 }) {
    super(outcome.kind === 'notFound' ? 'not found' : `redirect to ${outcome.location}`);
    this.name = 'PageLoadOutcome';
  }
}

export function definePageType(definition: PageTypeDefinition): PageTypeDefinition {
  return definition;
}
