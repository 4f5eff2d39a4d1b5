import { countryFormSchema, type CountryInput } from '../../../../shared/schemas/snippets';
import {
  createCountry,
  deleteCountries,
  findCountry,
  listCountries,
  snippetsChanged,
  updateCountry,
  type CountryListing,
} from '../../snippets/service';
import { defineViewSet } from '../viewsets/definition';
import { languageChoices, siteChoices, withAny } from './choices';
import { snippetUsage } from './usage';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';

/**
 * /wagtail/snippets/core/country/: a country's printable name in one language, its ISO code, its
 * site and its country root page. The footer's region switcher and the directory pages' country
 * names read them (server/modules/snippets/public-cache.ts).
 */
export const countriesViewSet = defineViewSet<CountryListing, CountryInput>({
  app: 'core',
  model: 'country',
  names: { name: 'country', plural: 'countries' },
  base: 'snippets/core/country',
  permissions: MODEL_PERMISSION_POLICY,
  schema: countryFormSchema,
  fields: [
    {
      name: 'printable_name',
      label: 'Printable name',
      required: true,
      help: 'The name in this language, as pages show it (“All {name} Locations”, the region switcher).',
    },
    {
      name: 'iso_code',
      label: 'ISO code',
      required: true,
      help: 'The two-letter ISO 3166 code, such as US or CA. One name per code and language.',
    },
    { name: 'language', label: 'Language', widget: 'select', required: true, loadChoices: languageChoices },
    {
      name: 'site',
      label: 'Site',
      widget: 'select',
      loadChoices: withAny('No site', siteChoices),
      help: 'The site of this country: the region switcher links to it.',
    },
    {
      name: 'root_page',
      label: 'Country root',
      widget: 'page_chooser',
      help: 'The country’s home page: its id, or its path on the site (such as / or /fr/). Empty: the site’s home.',
    },
  ],
  initialValues: { printable_name: '', iso_code: '', language: '', site: '', root_page: '' },
  formValues: (row) => ({
    printable_name: row.printable_name,
    iso_code: row.iso_code,
    language: row.language_code,
    site: row.site_id === null ? '' : String(row.site_id),
    root_page: row.root_page_id === null ? '' : String(row.root_page_id),
  }),
  title: (row) => `${row.printable_name} (${row.iso_code}, ${row.language_code})`,
  columns: [
    {
      name: 'printable_name',
      label: 'Printable name',
      sortable: true,
      linksToEdit: true,
      value: (row) => row.printable_name,
    },
    { name: 'iso_code', label: 'ISO code', sortable: true, value: (row) => row.iso_code },
    { name: 'language', label: 'Language', sortable: true, value: (row) => row.language_code },
    { name: 'site', label: 'Site', sortable: true, value: (row) => row.site_hostname ?? '' },
    {
      name: 'root',
      label: 'Country root',
      value: (row) => (row.root_title === null ? '' : `${row.root_title} (page ${row.root_page_id})`),
    },
  ],
  search: { placeholder: 'Name or ISO code' },
  filters: [
    { name: 'language', label: 'Language', choices: withAny('Any language', languageChoices) },
    { name: 'site', label: 'Site', choices: withAny('Any site', siteChoices) },
  ],
  defaultOrder: 'iso_code',
  store: {
    list: listCountries,
    get: findCountry,
    create: (db, input) => createCountry(db, input),
    update: (db, row, input) => updateCountry(db, row, input),
    remove: ({ db }, rows) => deleteCountries(db, rows),
  },
  usage: snippetUsage('snippets.core.country'),
  afterChange: snippetsChanged,
});
