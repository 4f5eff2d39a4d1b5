/** States and provinces the chain operates in: code and printable name. */
export type Region = { code: string; name: string };

const us: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** US states by postal code (GeoNames uses the postal code as the admin code). */
export const US_STATES: ReadonlyMap<string, Region> = new Map(us.map(([code, name]) => [code, { code, name }]));

/** Canadian provinces and territories by GeoNames admin1 code. */
export const CANADIAN_PROVINCES: ReadonlyMap<string, Region> = new Map([
  ['01', { code: 'AB', name: 'Alberta' }],
  ['02', { code: 'BC', name: 'British Columbia' }],
  ['03', { code: 'MB', name: 'Manitoba' }],
  ['04', { code: 'NB', name: 'New Brunswick' }],
  ['05', { code: 'NL', name: 'Newfoundland and Labrador' }],
  ['07', { code: 'NS', name: 'Nova Scotia' }],
  ['08', { code: 'ON', name: 'Ontario' }],
  ['09', { code: 'PE', name: 'Prince Edward Island' }],
  ['10', { code: 'QC', name: 'Quebec' }],
  ['11', { code: 'SK', name: 'Saskatchewan' }],
  ['12', { code: 'YT', name: 'Yukon' }],
  ['13', { code: 'NT', name: 'Northwest Territories' }],
  ['14', { code: 'NU', name: 'Nunavut' }],
]);

/** A Canadian postal code's first letter fixes its province (X is shared by NT and NU). */
const POSTAL_LETTER_PROVINCE: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

export function provinceOfPostalCode(code: string): string | undefined {
  return POSTAL_LETTER_PROVINCE[code.charAt(0).toUpperCase()];
}
