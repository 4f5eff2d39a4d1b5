import { formatTags, tagsFieldSchema } from '../../../shared/schemas/tags';
import { collectionTree } from '../collections/service';
import type { ViewSetBulkAction } from './viewsets/definition';

/**
 * The media listings' bulk actions (Wagtail 7's images and documents: Add to collection, Add
 * tags), declared once for images, documents and videos. Each is offered on a model whose form
 * has its field (videos have no tags: they get Add to collection only) and needs 'change' on the
 * model. Collection grants narrow both (permissions/model-policy.ts `collectionAllows`): a user
 * whose groups grant 'change' on some collections may act only on items filed there, and one
 * whose groups grant 'add' on some collections may move items only into those.
 * See docs/decisions/2026-11-29-media-bulk-actions.md.
 */

/** A collection's name without the select's indentation ('— — Summer' -> 'Summer'). */
const bareName = (label: string) => label.replace(/^(\u2014 )+/, '');

export const addToCollection: ViewSetBulkAction = {
  name: 'add_to_collection',
  label: 'Add to collection',
  button: 'Add selected to collection',
  permission: 'change',
  collections: { items: 'change', target: 'add' },
  field: 'collection',
  help: 'Each selected item moves to this collection (an item is in one collection at a time).',
  choices: async (db, permissions) =>
    (await collectionTree(db))
      .filter((collection) => permissions.collectionAllows('add', collection.path))
      .map((collection) => ({
        value: String(collection.id),
        label: `${'\u2014 '.repeat(collection.depth - 1)}${collection.name}`,
      })),
  read: (text, choices) => {
    if (!text.trim()) return { ok: false, message: 'Choose a collection.' };
    if (!choices?.some((choice) => choice.value === text))
      return {
        ok: false,
        message: 'Select a valid choice. That collection does not exist or you may not add to it.',
      };
    return { ok: true, value: text };
  },
  apply: (values, value) => ({ ...values, collection: value }),
  title: (count) => `Add ${count} to a collection`,
  done: (count, _value, label) => `${count} added to the collection '${bareName(label ?? '')}'`,
};

export const addTags: ViewSetBulkAction = {
  name: 'add_tags',
  label: 'Add tags',
  button: 'Add tags to selected',
  permission: 'change',
  collections: { items: 'change' },
  field: 'tags',
  help: 'Separate tags with commas, e.g. “salmon, summer menu”. They are added to each item’s tags; none is removed.',
  // The edit form's own rules: trimmed, repeats dropped, at most 20 tags of 100 characters.
  read: (text) => {
    const parsed = tagsFieldSchema.safeParse(text);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Enter valid tags.' };
    if (parsed.data.length === 0) return { ok: false, message: 'Enter at least one tag.' };
    return { ok: true, value: formatTags(parsed.data) };
  },
  // The row's tags first, so a tag it has keeps its spelling; the model's schema drops repeats.
  apply: (values, value) => ({ ...values, tags: values.tags ? `${values.tags}, ${value}` : value }),
  title: (count) => `Add tags to ${count}`,
  done: (count, value) => `Tags “${value}” added to ${count}`,
};

/** Every media model lists these; each model gets those its form can take. */
export const MEDIA_BULK_ACTIONS: readonly ViewSetBulkAction[] = [addToCollection, addTags];
