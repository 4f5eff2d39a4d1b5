import { CheckboxField, SelectField, TextField } from './FormFields';
import { SettingsForm } from './SettingsForm';

export type SiteFormValues = {
  hostname: string;
  port: string;
  site_name: string;
  root_page: string;
  is_default_site: boolean;
};

export type SiteFormScreenProps = {
  csrfToken: string;
  siteId?: number;
  values: SiteFormValues;
  pageChoices: Array<{ id: number; title: string; depth: number }>;
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  message?: string;
};

/** /wagtail/sites/add/ and /wagtail/sites/{id}/ (Wagtail's SiteForm). */
/** The fields as the error summary names and links them, in the form's order. */
const SITE_LABELS = [
  { name: 'hostname', label: 'Hostname' },
  { name: 'port', label: 'Port' },
  { name: 'site_name', label: 'Site name' },
  { name: 'root_page', label: 'Root page' },
  { name: 'is_default_site', label: 'Is default site' },
];

export function SiteFormScreen({
  csrfToken,
  siteId,
  values,
  pageChoices,
  fieldErrors,
  nonFieldErrors,
  message,
}: SiteFormScreenProps) {
  const adding = siteId === undefined;
  const indent = (depth: number) => '\u2014 '.repeat(Math.max(0, depth - 2));
  return (
    <SettingsForm
      title={adding ? 'Add site' : `Editing ${values.hostname}`}
      back={{ href: '/wagtail/sites/', label: 'Back to sites' }}
      csrfToken={csrfToken}
      action={adding ? '/wagtail/sites/add/' : `/wagtail/sites/${siteId}/`}
      noun="site"
      labels={SITE_LABELS}
      submitLabel={adding ? 'Add site' : 'Save'}
      fieldErrors={fieldErrors}
      nonFieldErrors={nonFieldErrors}
      message={message}
    >
      <TextField
        name="hostname"
        label="Hostname"
        required
        value={values.hostname}
        error={fieldErrors.hostname}
        autoComplete="off"
        help="The host name, without a scheme or a port, such as www.example.com."
      />
      <TextField
        name="port"
        label="Port"
        type="number"
        required
        value={values.port}
        error={fieldErrors.port}
        help="Set this to something other than 80 if you need a specific port number to appear in URLs (e.g. development on port 8000). Does not affect request handling (so port forwarding still works)."
      />
      <TextField
        name="site_name"
        label="Site name"
        value={values.site_name}
        error={fieldErrors.site_name}
        help="Human-readable name for the site."
      />
      <SelectField
        name="root_page"
        label="Root page"
        required
        value={values.root_page}
        error={fieldErrors.root_page}
        options={[
          { value: '', label: 'Choose a page' },
          ...pageChoices.map((p) => ({ value: String(p.id), label: `${indent(p.depth)}${p.title}` })),
        ]}
      />
      <CheckboxField
        name="is_default_site"
        label="Is default site"
        checked={values.is_default_site}
        error={fieldErrors.is_default_site}
        help="If true, this site will handle requests for all other hostnames that do not have a site entry of their own."
      />
    </SettingsForm>
  );
}
