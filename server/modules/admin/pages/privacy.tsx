import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors } from '../../../http/validate';
import { privacyFormSchema, type PrivacyChoice } from '../../../../shared/schemas/privacy';
import { PrivacyScreen, type PrivacyFieldName, type PrivacyScreenProps } from '../../../../views/admin/PrivacyScreen';
import { csrfTokenFor } from '../../auth/csrf';
import type { Page } from '../../pages/table';
import { listGroups } from '../../permissions/groups-service';
import { assertCan } from '../../permissions/policy';
import { privacyOf, setPrivacy, type PrivacyState } from '../../privacy/service';
import { setFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { pageOf as pageFromRequest } from '../page-params';
import { adminScreen } from '../screen';

export const FIELDS: readonly PrivacyFieldName[] = ['restriction_type', 'password', 'groups'];
const FLASH: Record<string, (title: string) => string> = {
  create: (title) => `Page '${title}' is now private.`,
  edit: (title) => `Privacy settings of page '${title}' updated.`,
  delete: (title) => `Page '${title}' is now public.`,
  none: (title) => `Page '${title}' stays public.`,
};

/** The typed choice and groups, kept as sent so a form with errors comes back as it was. */
export function typedValues(body: Record<string, unknown>): PrivacyScreenProps['values'] {
  const type = body.restriction_type;
  const restriction_type: PrivacyChoice = type === 'password' || type === 'login' || type === 'groups' ? type : 'none';
  const raw = body.groups;
  const groups = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .filter((g): g is string => typeof g === 'string')
    .slice(0, 1000);
  return { restriction_type, groups };
}

/** GET/POST /wagtail/pages/{id}/privacy/ (behind requireAdmin). Permission: 'privacy' (needs publish) on the page. */
export function privacyRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const pageOf = async (req: Request): Promise<Page> => {
    const page = await pageFromRequest(db, req);
    await assertCan(db, req.user!, 'privacy', page);
    return page;
  };

  const render = async (
    req: Request,
    res: Response,
    page: Page,
    state: PrivacyState,
    form: Pick<PrivacyScreenProps, 'values' | 'fieldErrors' | 'nonFieldErrors'>,
    status = 200,
  ) => {
    const groups = (await listGroups(db)).map((group) => ({ id: group.id, name: group.name }));
    const element = (
      <PrivacyScreen
        csrfToken={csrfTokenFor(req)}
        subject={{ kind: 'page', id: page.id, title: page.title }}
        inheritedFrom={state.inheritedFrom}
        passwordSet={state.own?.passwordSet ?? false}
        groups={groups}
        {...form}
      />
    );
    adminScreen(req, res, { section: 'pages', title: `Privacy: ${page.title}`, element, status });
  };

  router.get('/pages/:id/privacy/', async (req, res) => {
    const page = await pageOf(req);
    const state = await privacyOf(db, page);
    const values: PrivacyScreenProps['values'] = {
      restriction_type: state.own?.type ?? 'none',
      groups: (state.own?.groupIds ?? []).map(String),
    };
    await render(req, res, page, state, { values, fieldErrors: {}, nonFieldErrors: [] });
  });

  router.post('/pages/:id/privacy/', async (req, res) => {
    const page = await pageOf(req);
    const state = await privacyOf(db, page);
    const body = formBody(req.body);
    const values = typedValues(body);
    if (state.inheritedFrom) {
      const message = `This page is private because of the privacy settings of '${state.inheritedFrom.title}': change them there.`;
      return render(req, res, page, state, { values, fieldErrors: {}, nonFieldErrors: [message] }, 409);
    }
    const parsed = privacyFormSchema({
      passwordSet: state.own?.type === 'password' && state.own.passwordSet,
    }).safeParse(body);
    if (!parsed.success) return render(req, res, page, state, { values, ...formErrors(parsed.error, FIELDS) }, 400);
    try {
      const change = await setPrivacy(db, page, req.user!.id, parsed.data);
      setFlash(req, FLASH[change]!(page.title));
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      await render(req, res, page, await privacyOf(db, page), { values, ...formErrors(shown, FIELDS) }, shown.status);
    }
  });

  return router;
}
