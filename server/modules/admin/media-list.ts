import type { Db } from '../../db';
import { formatDateTime } from '../../../views/admin/format';
import { collectionChoices } from '../collections/service';
import type { ViewSetColumn, ViewSetFilter } from './viewsets/list-types';

/** The list columns and filters images, documents and videos share (Wagtail's media listings). */

export const uploadedColumn = <Row extends { created_at: Date | string }>(): ViewSetColumn<Row> => ({
  name: 'created_at',
  label: 'Uploaded',
  sortable: true,
  // In the reader's time zone, the zone named ('Dec 1, 2026, 9:00 AM EST'), as every admin time.
  value: (row) => formatDateTime(row.created_at),
});

export const tagsColumn = <Row extends { tags?: readonly string[] | null }>(): ViewSetColumn<Row> => ({
  name: 'tags',
  label: 'Tags',
  value: (row) => (row.tags ?? []).join(', '),
});

export const collectionFilter: ViewSetFilter = {
  name: 'collection',
  label: 'Collection',
  choices: async (db) => [{ value: '', label: 'Any collection' }, ...(await collectionChoices(db))],
};

/** Filters by one tag; `choices` lists the tags in use on this kind of media. */
export const tagFilter = (choices: (db: Db) => Promise<Array<{ value: string; label: string }>>): ViewSetFilter => ({
  name: 'tag',
  label: 'Tag',
  choices: async (db) => [{ value: '', label: 'Any tag' }, ...(await choices(db))],
});
