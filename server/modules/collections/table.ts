import type { Generated, Selectable } from 'kysely';

/** Wagtail's Collection: a tree (materialised paths, four base-36 characters a level) under 'Root'. */
export interface CollectionTable {
  id: Generated<number>;
  path: string;
  depth: number;
  numchild: Generated<number>;
  name: string;
  version: Generated<number>;
  updated_at: Generated<Date>;
}

export type Collection = Selectable<CollectionTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    collections: CollectionTable;
  }
}
