import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors, noFormErrors, parseOr400, type FormErrors } from '../../../http/validate';
import { idParamsSchema, siteFormSchema } from '../../../../shared/schemas/admin-accounts';
import { SiteFormScreen, type SiteFormScreenProps, type SiteFormValues } from '../../../../views/admin/SiteFormScreen';
import { SitesScreen } from '../../../../views/admin/SitesScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { createSite, editSite, getSite, listSitesWithRoot, rootPageChoices } from '../../sites/manage-service';
import { setFlash, takeFlash } from '../flash';
import { formBody, keptText, userFacingError } from '../form-input';
import { requireSuperuser } from '../../auth/admin-guard';
import { adminScreen } from '../screen';

const SITE_FIELDS = ['hostname', 'port', 'site_name', 'root_page', 'is_default_site'] as const;

/** /wagtail/sites/: list, add and edit sites. Mounted behind requireAdmin. */
export function sitesRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const siteIdOf = (req: Request) => parseOr400(idParamsSchema, req.params, 'site id').id;

  const renderForm = async (
    req: Request,
    res: Response,
    props: Pick<SiteFormScreenProps, 'siteId' | 'values'>,
    errors: FormErrors,
    status = 200,
  ) => {
    const pageChoices = await rootPageChoices(db);
    const title = props.siteId === undefined ? 'Add site' : `Editing ${props.values.hostname}`;
    const element = (
      <SiteFormScreen
        {...props}
        {...errors}
        csrfToken={csrfTokenFor(req)}
        pageChoices={pageChoices}
        message={takeFlash(req)}
      />
    );
    adminScreen(req, res, { section: 'sites', title, element, status });
  };

  const keptValues = (body: Record<string, unknown>): SiteFormValues => ({
    ...keptText(body, ['hostname', 'port', 'site_name', 'root_page'] as const),
    is_default_site: body.is_default_site === 'on',
  });

  const save = async (req: Request, res: Response, siteId: number | undefined) => {
    const body = formBody(req.body);
    const parsed = siteFormSchema.safeParse(body);
    if (!parsed.success)
      return renderForm(req, res, { siteId, values: keptValues(body) }, formErrors(parsed.error, SITE_FIELDS), 400);
    try {
      if (siteId === undefined) await createSite(db, parsed.data);
      else await editSite(db, siteId, parsed.data);
      setFlash(
        req,
        `Site '${parsed.data.site_name || parsed.data.hostname}' ${siteId === undefined ? 'created' : 'updated'}.`,
      );
      res.redirect(303, '/wagtail/sites/');
    } catch (error) {
      // A refusal from the service (a host and port taken, the default site) redisplays the form.
      const shown = userFacingError(error);
      if (shown?.status !== 400) throw error;
      await renderForm(req, res, { siteId, values: keptValues(body) }, formErrors(shown, SITE_FIELDS), 400);
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
    adminScreen(req, res, {
      section: 'sites',
      title: 'Sites',
      element: <SitesScreen rows={rows} message={takeFlash(req)} />,
    });
  });

  // Permission: superuser.
  router.get('/sites/add/', async (req, res) => {
    await renderForm(
      req,
      res,
      { values: { hostname: '', port: '80', site_name: '', root_page: '', is_default_site: false } },
      noFormErrors(),
    );
  });

  // Permission: superuser.
  router.post('/sites/add/', (req, res) => save(req, res, undefined));

  // Permission: superuser.
  router.get('/sites/:id/', async (req, res) => {
    const site = await getSite(db, siteIdOf(req));
    const values = {
      hostname: site.hostname,
      port: String(site.port),
      site_name: site.site_name,
      root_page: String(site.root_page_id),
      is_default_site: site.is_default_site,
    };
    await renderForm(req, res, { siteId: site.id, values }, noFormErrors());
  });

  // Permission: superuser.
  router.post('/sites/:id/', async (req, res) => {
    const { id } = await getSite(db, siteIdOf(req));
    await save(req, res, id);
  });

  return router;
}
