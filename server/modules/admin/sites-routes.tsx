import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { idParamsSchema, siteFormSchema } from '../../../shared/schemas/admin-accounts';
import { SiteFormScreen, type SiteFormScreenProps, type SiteFormValues } from '../../../views/admin/SiteFormScreen';
import { SitesScreen } from '../../../views/admin/SitesScreen';
import { csrfTokenFor } from '../auth/csrf';
import { listPageChoices } from '../permissions/groups-repo';
import { findSiteById, listSitesWithRoot } from '../sites/manage-repo';
import { createSite, editSite } from '../sites/manage-service';
import { setFlash, takeFlash } from './flash';
import { formBody, formErrorsOf, keptText, noErrors, type FormErrors } from './form-errors';
import { renderAdmin } from './render';
import { settingsScreen } from './settings-screens';
import { requireSuperuser } from './superuser-guard';

const SITE_FIELDS = ['hostname', 'port', 'site_name', 'root_page', 'is_default_site'] as const;
// A site's root is a home page in practice; two levels below it are offered as well.
const ROOT_CHOICE_DEPTH = 3;

/** /wagtail/sites/: list, add and edit sites. Mounted behind requireAdmin. */
export function sitesRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });
  const siteIdOf = (req: Request) => {
    const params = idParamsSchema.safeParse(req.params);
    if (!params.success) throw badRequest('The site id is not valid.', { id: ['Enter a whole number.'] });
    return params.data.id;
  };

  const renderForm = async (req: Request, res: Response, props: Pick<SiteFormScreenProps, 'siteId' | 'values'>, errors: FormErrors, status = 200) => {
    const pageChoices = (await listPageChoices(db, ROOT_CHOICE_DEPTH, 1000)).filter((p) => p.depth > 1);
    const title = props.siteId === undefined ? 'Add site' : `Editing ${props.values.hostname}`;
    const element = <SiteFormScreen {...props} {...errors} csrfToken={csrfTokenFor(req)} pageChoices={pageChoices} message={takeFlash(req)} />;
    renderAdmin(res, assets, settingsScreen(chrome(req), 'sites', title, element), status);
  };

  const keptValues = (body: Record<string, unknown>): SiteFormValues => ({
    ...keptText(body, ['hostname', 'port', 'site_name', 'root_page'] as const),
    is_default_site: body.is_default_site === 'on',
  });

  const save = async (req: Request, res: Response, siteId: number | undefined) => {
    const body = formBody(req.body);
    const parsed = siteFormSchema.safeParse(body);
    if (!parsed.success) return renderForm(req, res, { siteId, values: keptValues(body) }, formErrorsOf(parsed.error, SITE_FIELDS), 400);
    try {
      if (siteId === undefined) await createSite(db, parsed.data);
      else await editSite(db, siteId, parsed.data);
      setFlash(req, `Site '${parsed.data.site_name || parsed.data.hostname}' ${siteId === undefined ? 'created' : 'updated'}.`);
      res.redirect(303, '/wagtail/sites/');
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      const fieldErrors: Record<string, string> = {};
      for (const [name, messages] of Object.entries(error.fields ?? {})) if (messages[0]) fieldErrors[name] = messages[0];
      await renderForm(req, res, { siteId, values: keptValues(body) }, { fieldErrors, nonFieldErrors: error.fields ? [] : [error.message] }, 400);
    }
  };

  router.use('/sites', requireSuperuser);

  // Permission: superuser.
  router.get('/sites/', async (req, res) => {
    const rows = (await listSitesWithRoot(db)).map((s) => ({
      id: s.id,
      hostname: s.hostname,
      port: s.port,
      siteName: s.site_name,
      rootTitle: s.root_title,
      isDefault: s.is_default_site,
    }));
    renderAdmin(res, assets, settingsScreen(chrome(req), 'sites', 'Sites', <SitesScreen rows={rows} message={takeFlash(req)} />));
  });

  // Permission: superuser.
  router.get('/sites/add/', async (req, res) => {
    await renderForm(req, res, { values: { hostname: '', port: '80', site_name: '', root_page: '', is_default_site: false } }, noErrors());
  });

  // Permission: superuser.
  router.post('/sites/add/', (req, res) => save(req, res, undefined));

  // Permission: superuser.
  router.get('/sites/:id/', async (req, res) => {
    const site = await findSiteById(db, siteIdOf(req));
    if (!site) throw notFound('The site does not exist.');
    const values = { hostname: site.hostname, port: String(site.port), site_name: site.site_name, root_page: String(site.root_page_id), is_default_site: site.is_default_site };
    await renderForm(req, res, { siteId: site.id, values }, noErrors());
  });

  // Permission: superuser.
  router.post('/sites/:id/', async (req, res) => {
    const id = siteIdOf(req);
    if (!(await findSiteById(db, id))) throw notFound('The site does not exist.');
    await save(req, res, id);
  });

  return router;
}
