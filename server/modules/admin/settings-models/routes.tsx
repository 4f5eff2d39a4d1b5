import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { formErrors, noFormErrors, parseOr400, type FormErrors } from '../../../http/validate';
import type { FormFieldView, FormView } from '../../../../shared/admin/viewset';
import { formVersionSchema } from '../../../../shared/schemas/viewset';
import {
  settingsParamsSchema,
  siteSettingsFormSchema,
  type SiteSettingsValue,
} from '../../../../shared/schemas/site-settings';
import { FormScreen } from '../../../../views/admin/viewset/FormScreen';
import { HistoryScreen } from '../../../../views/admin/viewset/HistoryScreen';
import { modelHistory } from '../../audit/model-log';
import { csrfTokenFor } from '../../auth/csrf';
import { assertModelPermission } from '../../permissions/model-policy';
import { saveSiteSettings, storedSettings, type SiteSettingsCache } from '../../site-settings/service';
import { listAllSites } from '../../site-management/service';
import { setFlash, takeFlash } from '../flash';
import { formBody, userFacingError } from '../form-input';
import { adminScreen } from '../screen';
import { SITE_SETTINGS_MODELS } from './registry';

const FIELD_NAMES = [
  'new_header',
  'a11y_feedback_url',
  'embed_hosts',
  'security_contact',
  'default_social_image',
  'robots_policy',
  'map_style_url',
] as const;

function fieldsOf(defaults: SiteSettingsCache['defaults']): FormFieldView[] {
  const fallback = (value: string | undefined) => (value ? `Empty: ${value} (from the environment).` : 'Empty: none.');
  return [
    {
      name: 'new_header',
      label: 'Show the new header',
      widget: 'checkbox',
      help: 'Unticked, the site shows the legacy header.',
    },
    {
      name: 'a11y_feedback_url',
      label: 'Accessibility feedback address',
      inputType: 'url',
      help: `The external service the footer's "Report a website accessibility issue" form opens (https). ${fallback(defaults.a11yFeedbackUrl)}`,
    },
    {
      name: 'embed_hosts',
      label: 'Embed allow-list',
      widget: 'textarea',
      help: `Hosts that video and iframe blocks may show, one per line. ${fallback(defaults.embedHosts.join(', '))}`,
    },
    {
      name: 'security_contact',
      label: 'Security contact',
      help: `security.txt's Contact: a mailto: or https:// address. Empty: ${defaults.securityContact ?? 'mailto:security@ the site’s host name'}.`,
    },
    {
      name: 'default_social_image',
      label: 'Default social image',
      widget: 'image_chooser',
      help: 'The id of the image shared links show when a page has none. Empty: none.',
    },
    {
      name: 'robots_policy',
      label: 'Search engines',
      widget: 'select',
      choices: [
        { value: 'index', label: 'Allow search engines (robots.txt keeps only /wagtail/ out)' },
        { value: 'noindex', label: 'Ask search engines to stay away (a staging site)' },
      ],
    },
    {
      name: 'map_style_url',
      label: 'Map style address',
      inputType: 'url',
      help: `The locations map's vector tile style (https JSON). ${fallback(defaults.mapStyleUrl)}`,
    },
  ];
}

const formValuesOf = (value: SiteSettingsValue): Record<string, string> => ({
  new_header: value.new_header ? 'on' : '',
  a11y_feedback_url: value.a11y_feedback_url,
  embed_hosts: (value.embed_hosts ?? []).join('\n'),
  security_contact: value.security_contact,
  default_social_image: value.default_social_image_id === null ? '' : String(value.default_social_image_id),
  robots_policy: value.robots_policy,
  map_style_url: value.map_style_url,
});

/**
 * /wagtail/settings/ (Wagtail's settings menu): /wagtail/settings/{app}/{model}/{site_id}/ edits one
 * site's settings; the index and /{app}/{model}/ open the default site's. Permission: change on the
 * settings model (superusers always).
 */
export function siteSettingsRoutes({ db, siteSettings }: { db: Db; siteSettings: SiteSettingsCache }): Router {
  const router = express.Router();
  const fields = fieldsOf(siteSettings.defaults);
  const settingsOf = (req: Request) => {
    const params = parseOr400(settingsParamsSchema, req.params, 'settings address');
    const entry = SITE_SETTINGS_MODELS.find((m) => m.app === params.app && m.name === params.model);
    if (!entry) throw notFound('There are no such settings.');
    return { entry, siteId: params.site_id };
  };
  const defaultSiteUrl = async (entry: (typeof SITE_SETTINGS_MODELS)[number]) => {
    const sites = await listAllSites(db);
    const site = sites.find((s) => s.is_default_site) ?? sites[0];
    if (!site) throw notFound('There are no sites yet.');
    return `/wagtail/settings/${entry.app}/${entry.name}/${site.id}/`;
  };

  const render = async (
    req: Request,
    res: Response,
    siteId: number,
    args: { values: Record<string, string>; version: number; errors: FormErrors; status?: number; conflict?: string },
  ) => {
    const sites = await listAllSites(db);
    const site = sites.find((s) => s.id === siteId);
    if (!site) throw notFound('The site does not exist.');
    const url = `/wagtail/settings/core/sitesettings/${siteId}/`;
    const view: FormView = {
      names: { name: 'site settings', plural: 'settings' },
      title: `Site settings: ${site.site_name || site.hostname}`,
      action: url,
      fields,
      values: args.values,
      ...args.errors,
      version: args.version,
      conflict: args.conflict,
      backHref: '/wagtail/',
      links: [
        ...sites
          .filter((s) => s.id !== siteId)
          .map((s) => ({
            label: `Settings of ${s.site_name || s.hostname}`,
            href: `/wagtail/settings/core/sitesettings/${s.id}/`,
          })),
        { label: 'History', href: `${url}history/` },
      ],
      submitLabel: 'Save',
    };
    adminScreen(req, res, {
      section: 'settings',
      title: view.title,
      element: <FormScreen view={view} csrfToken={csrfTokenFor(req)} message={takeFlash(req)} />,
      status: args.status,
    });
  };

  // Permission: change on a settings model.
  router.get('/settings/', async (req, res) => {
    const entry = SITE_SETTINGS_MODELS[0]!;
    await assertModelPermission(db, req, entry.model, 'change');
    res.redirect(302, await defaultSiteUrl(entry));
  });

  // Permission: change on the settings model.
  router.get('/settings/:app/:model/', async (req, res) => {
    const entry = SITE_SETTINGS_MODELS.find((m) => m.app === req.params.app && m.name === req.params.model);
    if (!entry) throw notFound('There are no such settings.');
    await assertModelPermission(db, req, entry.model, 'change');
    res.redirect(302, await defaultSiteUrl(entry));
  });

  // Permission: change on the settings model.
  router.get('/settings/:app/:model/:site_id/', async (req, res) => {
    const { entry, siteId } = settingsOf(req);
    await assertModelPermission(db, req, entry.model, 'change');
    const stored = await storedSettings(db, siteId);
    await render(req, res, siteId, {
      values: formValuesOf(stored.value),
      version: stored.version,
      errors: noFormErrors(),
    });
  });

  // Permission: change on the settings model.
  router.post('/settings/:app/:model/:site_id/', async (req, res) => {
    const { entry, siteId } = settingsOf(req);
    await assertModelPermission(db, req, entry.model, 'change');
    const body = formBody(req.body);
    const values: Record<string, string> = Object.create(null);
    for (const name of FIELD_NAMES)
      values[name] = typeof body[name] === 'string' ? (body[name] as string).slice(0, 5000) : '';
    const version = formVersionSchema.safeParse(body.version);
    const parsed = siteSettingsFormSchema.safeParse(values);
    if (!parsed.success || !version.success) {
      const errors = parsed.success
        ? { fieldErrors: {}, nonFieldErrors: ['The form is missing its version: reload it.'] }
        : formErrors(parsed.error, FIELD_NAMES);
      return render(req, res, siteId, { values, version: version.success ? version.data : 0, errors, status: 400 });
    }
    try {
      await saveSiteSettings(db, siteId, version.data, parsed.data, req.user!.id);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      const current = await storedSettings(db, siteId);
      if (shown.status === 409)
        return render(req, res, siteId, {
          values,
          version: current.version,
          errors: noFormErrors(),
          status: 409,
          conflict: shown.message,
        });
      return render(req, res, siteId, {
        values,
        version: version.data,
        errors: formErrors(shown, FIELD_NAMES),
        status: shown.status,
      });
    }
    // This process sees its own save at once; the others hear the event.
    siteSettings.invalidate();
    setFlash(req, 'Site settings saved.');
    res.redirect(303, `/wagtail/settings/core/sitesettings/${siteId}/`);
  });

  // Permission: change on the settings model.
  router.get('/settings/:app/:model/:site_id/history/', async (req, res) => {
    const { entry, siteId } = settingsOf(req);
    await assertModelPermission(db, req, entry.model, 'change');
    const history = await modelHistory(db, entry.model, siteId, 100);
    const element = (
      <HistoryScreen
        csrfToken={csrfTokenFor(req)}
        view={{
          names: { name: 'site settings', plural: 'settings' },
          title: `the settings of site ${siteId}`,
          entries: history.entries,
          total: history.total,
          backHref: `/wagtail/settings/${entry.app}/${entry.name}/${siteId}/`,
        }}
      />
    );
    adminScreen(req, res, { section: 'settings', title: 'Settings history', element });
  });
  return router;
}
