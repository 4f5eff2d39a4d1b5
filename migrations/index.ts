import type { Migration } from 'kysely';
import * as createCore from './2026_11_22_000100_create_core';

/**
 * Every migration, by name. Listed explicitly (not read from the folder) so the production
 * bundle carries them and the order is visible in review. Names sort in date order.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_000100_create_core': createCore,
};
