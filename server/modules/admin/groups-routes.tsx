import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { groupFormInput, groupFormSchema, idParamsSchema } from '../../../shared/schemas/admin-accounts';
import { GroupFormScreen, type GroupFormScreenProps, type GroupFormValues } from '../../../views/admin/GroupFormScreen';
import { GroupsScreen } from '../../../views/admin/GroupsScreen';
import { csrfTokenFor } from '../auth/csrf';
import { findGroupById, listGroupPagePermissions, listGroups, listPageChoices, pageTitles } from '../permissions/groups-repo';
import { createGroup, editGroup } from '../permissions/groups-service';
import { setFlash, takeFlash } from './flash';
import { formBody, formErrorsOf, noErrors, type FormErrors } from './form-errors';
import { renderAdmin } from './render';
import { settingsScreen } from './settings-screens';
import { requireSuperuser } from './superuser-guard';

const GROUP_FIELDS = ['name', 'can_access_admin', 'new_page', 'new_permissions'] as const;
// The page choice lists the upper tree levels (home pages and their sections), enough to grant
// permissions by subtree without sending thousands of options.
const PAGE_CHOICE_DEPTH = 4;
const PAGE_CHOICE_LIMIT = 1000;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** /wagtail/groups/: list, add and edit groups with their page permissions. Mounted behind requireAdmin. */
export function groupsRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });
  const groupIdOf = (req: Request) => {
    const params = idParamsSchema.safeParse(req.params);
    if (!params.success) throw badRequest('The group id is not valid.', { id: ['Enter a whole number.'] });
    return params.data.id;
  };

  const renderForm = async (req: Request, res: Response, props: Pick<GroupFormScreenProps, 'groupId' | 'values'>, errors: FormErrors, status = 200) => {
    const pageChoices = await listPageChoices(db, PAGE_CHOICE_DEPTH, PAGE_CHOICE_LIMIT);
    const title = props.groupId === undefined ? 'Add group' : `Editing ${props.values.name}`;
    const element = <GroupFormScreen {...props} {...errors} csrfToken={csrfTokenFor(req)} pageChoices={pageChoices} message={takeFlash(req)} />;
    renderAdmin(res, assets, settingsScreen(chrome(req), 'groups', title, element), status);
  };

  /** What was submitted, as the form shows it again: every row the user had, ticked as they left it. */
  const keptValues = async (body: Record<string, unknown>): Promise<GroupFormValues> => {
    const input = groupFormInput(body).page_permissions as Record<string, unknown>;
    const ids = Object.keys(input).map(Number).filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    const pages = await pageTitles(db, ids);
    return {
      name: typeof body.name === 'string' ? body.name.slice(0, 500) : '',
      can_access_admin: body.can_access_admin === 'on',
      rows: pages.map((page) => ({ pageId: page.id, title: page.title, permissions: strings(input[String(page.id)]) })),
      new_page: typeof body.new_page === 'string' ? body.new_page : '',
      new_permissions: strings(body.new_permissions),
    };
  };

  const serviceErrors = (error: unknown): FormErrors => {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const [name, messages] of Object.entries(error.fields ?? {})) if (messages[0]) fieldErrors[name] = messages[0];
    return { fieldErrors, nonFieldErrors: error.fields ? [] : [error.message] };
  };

  const save = async (req: Request, res: Response, groupId: number | undefined) => {
    const body = formBody(req.body);
    const parsed = groupFormSchema.safeParse(groupFormInput(body));
    if (!parsed.success) return renderForm(req, res, { groupId, values: await keptValues(body) }, formErrorsOf(parsed.error, GROUP_FIELDS), 400);
    try {
      if (groupId === undefined) await createGroup(db, parsed.data);
      else await editGroup(db, groupId, parsed.data);
      setFlash(req, `Group '${parsed.data.name}' ${groupId === undefined ? 'created' : 'updated'}.`);
      res.redirect(303, '/wagtail/groups/');
    } catch (error) {
      await renderForm(req, res, { groupId, values: await keptValues(body) }, serviceErrors(error), 400);
    }
  };

  router.use('/groups', requireSuperuser);

  // Permission: superuser.
  router.get('/groups/', async (req, res) => {
    const rows = (await listGroups(db)).map((g) => ({ id: g.id, name: g.name, canAccessAdmin: g.can_access_admin, memberCount: g.member_count }));
    renderAdmin(res, assets, settingsScreen(chrome(req), 'groups', 'Groups', <GroupsScreen rows={rows} message={takeFlash(req)} />));
  });

  // Permission: superuser.
  router.get('/groups/add/', async (req, res) => {
    await renderForm(req, res, { values: { name: '', can_access_admin: true, rows: [], new_page: '', new_permissions: [] } }, noErrors());
  });

  // Permission: superuser.
  router.post('/groups/add/', (req, res) => save(req, res, undefined));

  // Permission: superuser.
  router.get('/groups/:id/', async (req, res) => {
    const group = await findGroupById(db, groupIdOf(req));
    if (!group) throw notFound('The group does not exist.');
    const grants = await listGroupPagePermissions(db, group.id);
    const rows = new Map<number, GroupFormValues['rows'][number]>();
    for (const grant of grants) {
      const row = rows.get(grant.page_id) ?? { pageId: grant.page_id, title: grant.title, permissions: [] };
      row.permissions.push(grant.permission_type);
      rows.set(grant.page_id, row);
    }
    const values = { name: group.name, can_access_admin: group.can_access_admin, rows: [...rows.values()], new_page: '', new_permissions: [] };
    await renderForm(req, res, { groupId: group.id, values }, noErrors());
  });

  // Permission: superuser.
  router.post('/groups/:id/', async (req, res) => {
    const id = groupIdOf(req);
    if (!(await findGroupById(db, id))) throw notFound('The group does not exist.');
    await save(req, res, id);
  });

  return router;
}
