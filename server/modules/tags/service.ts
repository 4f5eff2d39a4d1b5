import type { Db } from '../../db';
import { tagKey } from '../../../shared/schemas/tags';
import * as repo from './repo';
import type { TagLink } from './table';

/**
 * The ids of tags by name, in the order given, making the missing ones. A name matching an
 * existing tag in another spelling ('salmon' for 'Salmon') takes that tag.
 */
export async function tagIdsFor(db: Db, names: readonly string[]): Promise<number[]> {
  const wanted = names.map((name) => ({ name, key: tagKey(name) }));
  const rows = await repo.ensureTags(db, wanted);
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  return wanted.map((tag) => byKey.get(tag.key)).filter((id): id is number => id !== undefined);
}

/** Each object's tag names, in the order typed. */
export function tagsOf(db: Db, link: TagLink, ids: readonly number[]): Promise<Map<number, string[]>> {
  return repo.tagNamesOf(db, link, ids);
}

/** Sets an object's tags to these names (the edit form's tags field, parsed). */
export async function setTagsByName(db: Db, link: TagLink, objectId: number, names: readonly string[]): Promise<void> {
  await repo.setTags(db, link, objectId, await tagIdsFor(db, names));
}

/** The tag filter's choices: every tag something in this library carries. */
export async function tagFilterChoices(db: Db, link: TagLink): Promise<Array<{ value: string; label: string }>> {
  return (await repo.tagsInUse(db, link)).map((name) => ({ value: name, label: name }));
}
