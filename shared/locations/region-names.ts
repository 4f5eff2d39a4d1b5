/**
 * Every US state, DC and inhabited territory, and every Canadian province and territory, with
 * the names a visitor may type: the postal abbreviation, the English and French names, and a few
 * common older or informal forms. The installed gazetteers carry codes only, so the names live here.
 * `geonames` is how the offline gazetteer (GeoNames) files the region's places: admin1 code, or
 * for the territories their own ISO country code.
 */
export type RegionName = {
  code: string;
  country: 'US' | 'CA';
  en: string;
  fr: string;
  geonames: { country: string; admin: string | null };
  aliases?: readonly string[];
};

const state = (code: string, en: string, fr: string = en, aliases?: readonly string[]): RegionName => ({
  code,
  country: 'US',
  en,
  fr,
  geonames: { country: 'US', admin: code },
  aliases,
});

const territory = (code: string, en: string, fr: string, aliases?: readonly string[]): RegionName => ({
  code,
  country: 'US',
  en,
  fr,
  geonames: { country: code, admin: null },
  aliases,
});

const province = (code: string, admin: string, en: string, fr: string, aliases?: readonly string[]): RegionName => ({
  code,
  country: 'CA',
  en,
  fr,
  geonames: { country: 'CA', admin },
  aliases,
});

export const US_STATE_NAMES: readonly RegionName[] = [
  state('AL', 'Alabama', 'Alabama', ['Ala']),
  state('AK', 'Alaska'),
  state('AZ', 'Arizona', 'Arizona', ['Ariz']),
  state('AR', 'Arkansas', 'Arkansas', ['Ark']),
  state('CA', 'California', 'Californie', ['Calif', 'Cali']),
  state('CO', 'Colorado', 'Colorado', ['Colo']),
  state('CT', 'Connecticut', 'Connecticut', ['Conn']),
  state('DE', 'Delaware'),
  state('DC', 'District of Columbia', 'District de Columbia', ['D.C.', 'Washington DC', 'Washington D.C.']),
  state('FL', 'Florida', 'Floride', ['Fla']),
  state('GA', 'Georgia', 'Géorgie'),
  state('HI', 'Hawaii', 'Hawaï', ["Hawai'i"]),
  state('ID', 'Idaho'),
  state('IL', 'Illinois', 'Illinois', ['Ill']),
  state('IN', 'Indiana', 'Indiana', ['Ind']),
  state('IA', 'Iowa'),
  state('KS', 'Kansas', 'Kansas', ['Kan']),
  state('KY', 'Kentucky'),
  state('LA', 'Louisiana', 'Louisiane'),
  state('ME', 'Maine'),
  state('MD', 'Maryland'),
  state('MA', 'Massachusetts', 'Massachusetts', ['Mass']),
  state('MI', 'Michigan', 'Michigan', ['Mich']),
  state('MN', 'Minnesota', 'Minnesota', ['Minn']),
  state('MS', 'Mississippi', 'Mississippi', ['Miss']),
  state('MO', 'Missouri'),
  state('MT', 'Montana', 'Montana', ['Mont']),
  state('NE', 'Nebraska', 'Nebraska', ['Neb']),
  state('NV', 'Nevada', 'Nevada', ['Nev']),
  state('NH', 'New Hampshire'),
  state('NJ', 'New Jersey'),
  state('NM', 'New Mexico', 'Nouveau-Mexique'),
  state('NY', 'New York', 'New York', ['New York State', 'État de New York']),
  state('NC', 'North Carolina', 'Caroline du Nord'),
  state('ND', 'North Dakota', 'Dakota du Nord'),
  state('OH', 'Ohio'),
  state('OK', 'Oklahoma', 'Oklahoma', ['Okla']),
  state('OR', 'Oregon', 'Oregon', ['Ore']),
  state('PA', 'Pennsylvania', 'Pennsylvanie', ['Penn', 'Penna']),
  state('RI', 'Rhode Island'),
  state('SC', 'South Carolina', 'Caroline du Sud'),
  state('SD', 'South Dakota', 'Dakota du Sud'),
  state('TN', 'Tennessee', 'Tennessee', ['Tenn']),
  state('TX', 'Texas', 'Texas', ['Tex']),
  state('UT', 'Utah'),
  state('VT', 'Vermont'),
  state('VA', 'Virginia', 'Virginie'),
  state('WA', 'Washington', 'Washington', ['Washington State', 'État de Washington', 'Wash']),
  state('WV', 'West Virginia', 'Virginie-Occidentale'),
  state('WI', 'Wisconsin', 'Wisconsin', ['Wis', 'Wisc']),
  state('WY', 'Wyoming', 'Wyoming', ['Wyo']),
];

/** The inhabited territories (the uninhabited Minor Outlying Islands have no place to find). */
export const US_TERRITORY_NAMES: readonly RegionName[] = [
  territory('PR', 'Puerto Rico', 'Porto Rico'),
  territory('GU', 'Guam', 'Guam'),
  territory('VI', 'U.S. Virgin Islands', 'Îles Vierges des États-Unis', ['US Virgin Islands', 'Virgin Islands']),
  territory('AS', 'American Samoa', 'Samoa américaines'),
  territory('MP', 'Northern Mariana Islands', 'Îles Mariannes du Nord', ['Mariana Islands']),
];

export const CANADIAN_PROVINCE_NAMES: readonly RegionName[] = [
  province('AB', '01', 'Alberta', 'Alberta', ['Alta']),
  province('BC', '02', 'British Columbia', 'Colombie-Britannique', ['B.C.']),
  province('MB', '03', 'Manitoba', 'Manitoba', ['Man']),
  province('NB', '04', 'New Brunswick', 'Nouveau-Brunswick', ['N.B.']),
  province('NL', '05', 'Newfoundland and Labrador', 'Terre-Neuve-et-Labrador', ['Newfoundland', 'NF', 'Nfld']),
  province('NS', '07', 'Nova Scotia', 'Nouvelle-Écosse', ['N.S.']),
  province('ON', '08', 'Ontario', 'Ontario', ['Ont']),
  province('PE', '09', 'Prince Edward Island', 'Île-du-Prince-Édouard', ['PEI', 'P.E.I.']),
  province('QC', '10', 'Quebec', 'Québec', ['PQ', 'Que', 'Province de Québec']),
  province('SK', '11', 'Saskatchewan', 'Saskatchewan', ['Sask']),
  province('YT', '12', 'Yukon', 'Yukon', ['Yukon Territory', 'YK']),
  province('NT', '13', 'Northwest Territories', 'Territoires du Nord-Ouest', ['NWT']),
  province('NU', '14', 'Nunavut', 'Nunavut', ['Nunavut Territory']),
];

export const ALL_REGION_NAMES: readonly RegionName[] = [
  ...US_STATE_NAMES,
  ...US_TERRITORY_NAMES,
  ...CANADIAN_PROVINCE_NAMES,
];

/** Country names a visitor may add after a place ('Toronto, Canada', 'Portland, USA'). */
export const COUNTRY_NAMES: Readonly<Record<'US' | 'CA', readonly string[]>> = {
  US: ['US', 'USA', 'U.S.', 'U.S.A.', 'United States', 'United States of America', 'America', 'États-Unis'],
  CA: ['Canada', 'CAN'],
};

const byCountryAndCode = new Map(ALL_REGION_NAMES.map((region) => [`${region.country}:${region.code}`, region]));

/**
 * A state's or province's name in the page's language ('Colombie-Britannique' on French pages);
 * `fallback` (the name stored with the restaurant) when the region is not listed.
 */
export function regionNameIn(country: string, code: string, languageCode: string, fallback: string): string {
  const region = byCountryAndCode.get(`${country}:${code}`);
  if (!region) return fallback;
  return languageCode.toLowerCase().startsWith('fr') ? region.fr : region.en;
}
