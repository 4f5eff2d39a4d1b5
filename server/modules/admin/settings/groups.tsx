import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors, noFormErrors, parseOr400, type FormErrors } from '../../../http/validate';
import { groupFormInput, groupFormSchema, idParamsSchema } from '../../../../shared/schemas/admin-accounts';
import {
  GroupFormScreen,
  type GroupFormScreenProps,
  type GroupFormValues,
} from '../../../../views/admin/GroupFormScreen';
import { GroupsScreen } from '../../../../views/admin/GroupsScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { collectionChoices } from '../../collections/service';
import {
  collectionNames,
  createGroup,
  editGroup,
  getGroup,
  groupCollectionRows,
  groupModelPermissions,
  groupPermissionRows,
  listGroups,
  pageChoices,
  pageTitles,
} from '../../permissions/groups-service';
import { PERMISSION_MODELS } from '../areas';
import { setFlash, takeFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { requireSuperuser } from '../../auth/admin-guard';
import { adminScreen } from '../screen';

const GROUP_FIELDS = [
  'name',
  'can_access_admin',
  'new_page',
  'new_permissions',
  'model_permissions',
  'new_collection',
  'new_collection_permissions',
] as const;
// The models whose permissions a group may hold (every area built on the viewset, and settings).
const GRANTABLE = new Map(PERMISSION_MODELS.map((m) => [m.model, [...m.actions]]));
// The page choice lists the upper tree levels (home pages and their sections), enough to grant
// permissions by subtree without sending thousands of options.
const PAGE_CHOICE_DEPTH = 4;
const PAGE_CHOICE_LIMIT = 1000;

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** /wagtail/groups/: list, add and edit groups with their page permissions. Mounted behind requireAdmin. */
export function groupsRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const groupIdOf = (req: Request) => parseOr400(idParamsSchema, req.params, 'group id').id;

  const renderForm = async (
    req: Request,
    res: Response,
    props: Pick<GroupFormScreenProps, 'groupId' | 'values'>,
    errors: FormErrors,
    status = 200,
  ) => {
    const choices = await pageChoices(db, PAGE_CHOICE_DEPTH, PAGE_CHOICE_LIMIT);
    const title = props.groupId === undefined ? 'Add group' : `Editing ${props.values.name}`;
    const collections = (await collectionChoices(db)).map((c) => ({ id: Number(c.value), label: c.label }));
    const element = (
      <GroupFormScreen
        {...props}
        {...errors}
        csrfToken={csrfTokenFor(req)}
        pageChoices={choices}
        models={PERMISSION_MODELS}
        collectionChoices={collections}
        message={takeFlash(req)}
      />
    );
    adminScreen(req, res, { section: 'groups', title, element, status });
  };

  /** What was submitted, as the form shows it again: every row the user had, ticked as they left it. */
  const keptValues = async (body: Record<string, unknown>): Promise<GroupFormValues> => {
    const input = groupFormInput(body).page_permissions as Record<string, unknown>;
    const ids = Object.keys(input)
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    const pages = await pageTitles(db, ids);
    const all = groupFormInput(body);
    const modelInput = all.model_permissions as Record<string, unknown>;
    const collectionInput = all.collection_permissions as Record<string, unknown>;
    const collectionIds = Object.keys(collectionInput)
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    return {
      name: typeof body.name === 'string' ? body.name.slice(0, 500) : '',
      can_access_admin: body.can_access_admin === 'on',
      rows: pages.map((page) => ({ pageId: page.id, title: page.title, permissions: strings(input[String(page.id)]) })),
      new_page: typeof body.new_page === 'string' ? body.new_page : '',
      new_permissions: strings(body.new_permissions),
      model_permissions: Object.fromEntries(
        Object.entries(modelInput).map(([model, value]) => [model, strings(value)]),
      ),
      collection_rows: (await collectionNames(db, collectionIds)).map((c) => ({
        collectionId: c.id,
        name: c.name,
        permissions: strings(collectionInput[String(c.id)]),
      })),
      new_collection: typeof body.new_collection === 'string' ? body.new_collection : '',
      new_collection_permissions: strings(body.new_collection_permissions),
    };
  };

  const save = async (req: Request, res: Response, groupId: number | undefined) => {
    const body = formBody(req.body);
    const parsed = groupFormSchema.safeParse(groupFormInput(body));
    if (!parsed.success)
      return renderForm(
        req,
        res,
        { groupId, values: await keptValues(body) },
        formErrors(parsed.error, GROUP_FIELDS),
        400,
      );
    try {
      if (groupId === undefined) await createGroup(db, parsed.data, GRANTABLE);
      else await editGroup(db, groupId, parsed.data, GRANTABLE);
      setFlash(req, `Group '${parsed.data.name}' ${groupId === undefined ? 'created' : 'updated'}.`);
      res.redirect(303, '/wagtail/groups/');
    } catch (error) {
      // A refusal from the service (a taken name, a page gone meanwhile) redisplays the form.
      const shown = userFacingError(error);
      if (shown?.status !== 400) throw error;
      await renderForm(req, res, { groupId, values: await keptValues(body) }, formErrors(shown, GROUP_FIELDS), 400);
    }
  };

  router.use('/groups', requireSuperuser);

  // Permission: superuser.
  router.get('/groups/', async (req, res) => {
    const rows = (await listGroups(db)).map((g) => ({
      id: g.id,
      name: g.name,
      canAccessAdmin: g.can_access_admin,
      memberCount: g.member_count,
    }));
    adminScreen(req, res, {
      section: 'groups',
      title: 'Groups',
      element: <GroupsScreen rows={rows} message={takeFlash(req)} />,
    });
  });

  // Permission: superuser.
  router.get('/groups/add/', async (req, res) => {
    const values = {
      name: '',
      can_access_admin: true,
      rows: [],
      new_page: '',
      new_permissions: [],
      model_permissions: {},
      collection_rows: [],
      new_collection: '',
      new_collection_permissions: [],
    };
    await renderForm(req, res, { values }, noFormErrors());
  });

  // Permission: superuser.
  router.post('/groups/add/', (req, res) => save(req, res, undefined));

  // Permission: superuser.
  router.get('/groups/:id/', async (req, res) => {
    const group = await getGroup(db, groupIdOf(req));
    const rows = await groupPermissionRows(db, group.id);
    const values = {
      name: group.name,
      can_access_admin: group.can_access_admin,
      rows,
      new_page: '',
      new_permissions: [],
      model_permissions: await groupModelPermissions(db, group.id),
      collection_rows: await groupCollectionRows(db, group.id),
      new_collection: '',
      new_collection_permissions: [],
    };
    await renderForm(req, res, { groupId: group.id, values }, noFormErrors());
  });

  // Permission: superuser.
  router.post('/groups/:id/', async (req, res) => {
    const { id } = await getGroup(db, groupIdOf(req));
    await save(req, res, id);
  });

  return router;
}
