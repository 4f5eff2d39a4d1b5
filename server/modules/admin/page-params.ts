import type { Request } from 'express';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { pageIdParamsSchema } from '../../../shared/schemas/admin';
import * as pagesRepo from '../pages/repo';
import type { Page } from '../pages/table';

/** The `:id` of a page route: 400 when it is not a page id. */
export function pageIdOf(req: Request): number {
  const params = pageIdParamsSchema.safeParse(req.params);
  if (!params.success) throw badRequest('The page id is not valid.', { id: ['Enter a whole number.'] });
  return params.data.id;
}

/** The page a route names: 404 when it does not exist or is the tree root (never edited). */
export async function pageOf(db: Db, req: Request): Promise<Page> {
  const page = await pagesRepo.findPageById(db, pageIdOf(req));
  if (!page || page.depth === 1) throw notFound('The page does not exist.');
  return page;
}
