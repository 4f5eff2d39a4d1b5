import { SITE_SETTINGS_MODEL } from '../../site-settings/service';

/**
 * Settings models under /wagtail/settings/{app}/{name}/{site_id}/ (Wagtail's register_setting);
 * `model` is the permission key the group screen grants ('change' only, as Wagtail's settings).
 */
export const SITE_SETTINGS_MODELS: ReadonlyArray<{ app: string; name: string; model: string; label: string }> = [
  { app: 'core', name: 'sitesettings', model: SITE_SETTINGS_MODEL, label: 'Site settings' },
];
