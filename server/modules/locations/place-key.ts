/**
 * How place names are compared. Accents, case, hyphens, apostrophes and spaces are optional
 * ('Montréal' = 'montreal', 'Winston-Salem' = 'winston salem', "Coeur d'Alene" = 'coeur dalene'),
 * the usual abbreviations mean their word ('St.' = 'Saint', 'Ste' = 'Sainte', 'Ft' = 'Fort',
 * 'Mt' = 'Mount'), and a leading 'The' is optional ('The Bronx' = 'Bronx').
 */

const WORD_FORMS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  mtn: 'mountain',
  pt: 'point',
};

/** Lower-case ASCII words, abbreviations spelled out; apostrophes join ('d'Alene' is one word). */
export function placeWords(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['`ʻʼ’‘]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => WORD_FORMS[word] ?? word);
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words;
}

/** The key two spellings of one name share: its words, joined without spaces. */
export const placeKey = (text: string): string => placeWords(text).join('');

/** The key of words already split (a query is split once and its parts keyed many ways). */
export const wordsKey = (words: readonly string[]): string => words.join('');
