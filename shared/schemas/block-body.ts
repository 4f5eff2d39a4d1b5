import * as z from 'zod';
import { blockSchema } from './page-payload';

/**
 * The stored shape of a body of blocks: an ordered list of {type, id, value}. Each value is
 * checked against its block type's schema separately (server/modules/pages/blocks.ts), so one
 * bad block never hides the rest.
 */
export const blockBodySchema = z.array(blockSchema).max(500).default([]);
