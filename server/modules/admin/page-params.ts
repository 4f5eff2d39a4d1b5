import type { Request } from 'express';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { pageIdParamsSchema } from '../../../shared/schemas/admin';
import { parseOr400 } from '../../http/validate';
import { findPage } from '../pages/service';
import type { Page } from '../pages/table';

/** The `:id` of a page route: 400 when it is not a page id. */
export function pageIdOf(req: Request): number {
  return parseOr400(pageIdParamsSchema, req.params, 'page id').id;
}

/** The page a route names: 404 when it does not exist or is the tree root (never edited). */
export async function pageOf(db: Db, req: Request): Promise<Page> {
  const page = await findPage(db, pageIdOf(req));
  if (!page || page.depth === 1) throw notFound('The page does not exist.');
  return page;
}
